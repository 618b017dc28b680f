/// A converted icon image (RGB or RGBA, 8 or 16 bits, encoded with the sRGB curve in sRGB or Display P3) and the
/// measures and edits the app icon checks make on it.
struct IconPixels: Sendable {
  var buffer: PixelBuffer
  /// The primaries of the space the samples are in: sRGB's (Rec. 709) or Display P3's.
  var primaries: RGBPrimaries

  private var maxCode: Double { buffer.bitDepth == 16 ? 65535 : 255 }
  private var curve: TransferCurve { .sRGB }

  /// The samples as integers, whatever their depth.
  private var codes: [Int] {
    switch buffer.samples {
    case .eight(let values): values.map(Int.init)
    case .sixteen(let values): values.map(Int.init)
    }
  }

  private func replacing(_ codes: [Int], layout: PixelBuffer.Layout) -> PixelBuffer {
    let samples: PixelBuffer.Samples =
      buffer.bitDepth == 16 ? .sixteen(codes.map { UInt16($0) }) : .eight(codes.map { UInt8($0) })
    return PixelBuffer(width: buffer.width, height: buffer.height, layout: layout, samples: samples)
  }

  /// The number of pixels that are not fully opaque.
  var translucentPixels: Int {
    guard buffer.layout.hasAlpha else { return 0 }
    let full = Int(maxCode)
    let values = codes
    return stride(from: 3, to: values.count, by: 4).reduce(0) { $0 + (values[$1] < full ? 1 : 0) }
  }

  /// The image without its alpha channel (the color samples as they are).
  func droppingAlpha() -> PixelBuffer {
    guard buffer.layout.hasAlpha else { return buffer }
    let values = codes
    var rgb: [Int] = []
    rgb.reserveCapacity(values.count / 4 * 3)
    for start in stride(from: 0, to: values.count, by: 4) { rgb += values[start..<start + 3] }
    return replacing(rgb, layout: .rgb)
  }

  /// The image composited onto an opaque `background` (8-bit sRGB), in linear light, without alpha.
  func flattened(onto background: [UInt8]) -> PixelBuffer {
    let sRGBLinear = SIMD3(
      TransferCurve.sRGB.decode(Double(background[0]) / 255), TransferCurve.sRGB.decode(Double(background[1]) / 255),
      TransferCurve.sRGB.decode(Double(background[2]) / 255))
    let linearBackground = primaries.toXYZD50!.inverse! * (RGBPrimaries.rec709.toXYZD50! * sRGBLinear)
    let values = codes
    var rgb: [Int] = []
    rgb.reserveCapacity(values.count / 4 * 3)
    for start in stride(from: 0, to: values.count, by: 4) {
      let alpha = Double(values[start + 3]) / maxCode
      for channel in 0..<3 {
        let color = curve.decode(Double(values[start + channel]) / maxCode)
        let mixed = min(max(color * alpha + linearBackground[channel] * (1 - alpha), 0), 1)
        rgb.append(Int((curve.encode(mixed) * maxCode).rounded()))
      }
    }
    return replacing(rgb, layout: .rgb)
  }

  /// CIE L*a*b* (D50) of the pixel whose samples start at `start`.
  ///
  /// `toXYZD50` is the primaries' matrix, computed once by the caller (deriving it is costlier than the pixel).
  private func lab(_ values: [Int], at start: Int, toXYZD50: Matrix3) -> CIELab {
    let linear = SIMD3(
      curve.decode(Double(values[start]) / maxCode), curve.decode(Double(values[start + 1]) / maxCode),
      curve.decode(Double(values[start + 2]) / maxCode))
    return CIELab(xyz: toXYZD50 * linear)
  }

  /// The largest CIEDE2000 difference between a visible pixel and the gray of the same lightness: how far the
  /// image is from grayscale. Codes are decoded through a table, a pixel whose three codes are equal is gray (its
  /// difference a rounding error from 0), and the difference from gray needs no trigonometry
  /// (``ColorDifference/ciede2000FromGray(_:)``).
  func largestDeltaEFromGray() -> Double {
    let toXYZD50 = primaries.toXYZD50!
    let table = (0...Int(maxCode)).map { curve.decode(Double($0) / maxCode) }
    let stride = buffer.layout.channels
    let hasAlpha = buffer.layout.hasAlpha
    var largest = 0.0
    func measure<Sample: BinaryInteger>(_ values: [Sample]) {
      for start in Swift.stride(from: 0, to: values.count, by: stride) where !hasAlpha || values[start + 3] > 0 {
        if values[start] == values[start + 1] && values[start + 1] == values[start + 2] { continue }
        let linear = SIMD3(table[Int(values[start])], table[Int(values[start + 1])], table[Int(values[start + 2])])
        largest = max(largest, ColorDifference.ciede2000FromGray(CIELab(xyz: toXYZD50 * linear)))
      }
    }
    switch buffer.samples {
    case .eight(let values): measure(values)
    case .sixteen(let values): measure(values)
    }
    return largest
  }

  /// The image in gray: each pixel's relative luminance (Y under the space's own white point, as WCAG computes
  /// it), encoded again, in all three channels; alpha kept.
  func grayscale() -> PixelBuffer {
    var values = codes
    let stride = buffer.layout.channels
    let toXYZ = primaries.toXYZ!
    let luminance = SIMD3(toXYZ.column(0).y, toXYZ.column(1).y, toXYZ.column(2).y)
    for start in Swift.stride(from: 0, to: values.count, by: stride) {
      var y = 0.0
      for channel in 0..<3 { y += luminance[channel] * curve.decode(Double(values[start + channel]) / maxCode) }
      let gray = Int((curve.encode(min(max(y, 0), 1)) * maxCode).rounded())
      for channel in 0..<3 { values[start + channel] = gray }
    }
    return replacing(values, layout: buffer.layout)
  }

  /// The mean L* of the outermost ring of pixels: the icon's background, where it has one.
  func borderLightness() -> Double {
    let values = codes
    let toXYZD50 = primaries.toXYZD50!
    let width = buffer.width
    let height = buffer.height
    var total = 0.0
    var count = 0
    for y in 0..<height {
      for x in 0..<width where y == 0 || y == height - 1 || x == 0 || x == width - 1 {
        total += lab(values, at: (y * width + x) * buffer.layout.channels, toXYZD50: toXYZD50).l
        count += 1
      }
    }
    return total / Double(count)
  }
}
