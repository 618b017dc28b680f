/// Reads pixels of one image as colors: encoded samples, a packed key for equality, and CIELAB (D50).
struct ColorSampler: Sendable {
  private let eight: [UInt8]
  private let sixteen: [UInt16]
  private let stride: Int
  private let colorChannels: Int
  private let scale: Double
  /// The linear value of every possible sample (256 or 65536 entries), channel after channel in one array: no
  /// `pow` per pixel.
  private let linear: [Double]
  /// Entries per channel in `linear`.
  private let codes: Int
  private let toXYZD50: Matrix3

  /// A sampler for `image`, whose color channels are in `model`.
  init(_ image: PixelBuffer, model: ColorSpaceModel) {
    switch image.samples {
    case .eight(let values):
      eight = values
      sixteen = []
      scale = 1 / 255
    case .sixteen(let values):
      eight = []
      sixteen = values
      scale = 1 / 65535
    }
    stride = image.layout.channels
    colorChannels = image.layout.isGray ? 1 : 3
    let codes = eight.isEmpty ? 65536 : 256
    self.codes = codes
    linear = model.curves.flatMap { curve in (0..<codes).map { curve.evaluate(Double($0) / Double(codes - 1)) } }
    toXYZD50 = model.toXYZD50
  }

  /// Sample `channel` of `pixel` as stored.
  @inline(__always)
  func sample(_ pixel: Int, _ channel: Int) -> Int {
    let index = pixel * stride + channel
    return eight.isEmpty ? Int(sixteen[index]) : Int(eight[index])
  }

  /// The alpha of `pixel` in 0...1 (1 without an alpha channel).
  func alpha(_ pixel: Int) -> Double {
    stride > colorChannels ? Double(sample(pixel, colorChannels)) * scale : 1
  }

  /// The color samples of `pixel` packed into one integer: equal keys mean identical colors.
  @inline(__always)
  func key(_ pixel: Int) -> UInt64 {
    var key: UInt64 = 0
    for channel in 0..<colorChannels { key = key << 16 | UInt64(sample(pixel, channel)) }
    return key
  }

  /// The CIELAB color (ICC D50 white) of `pixel`.
  func lab(_ pixel: Int) -> CIELab {
    var values = SIMD3<Double>()
    for channel in 0..<3 {
      values[channel] = linear[channel * codes + sample(pixel, colorChannels == 1 ? 0 : channel)]
    }
    return CIELab(xyz: toXYZD50 * values)
  }
}
