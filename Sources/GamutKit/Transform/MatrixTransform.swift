import Dispatch

/// Converts pixels between matrix/TRC color spaces the way skcms does, accurate to the rounding of the output.
///
/// Per pixel: each source channel goes through its tone curve by table lookup (one entry per input code, computed
/// in `Double`), a single 3x3 `Float` matrix maps source linear RGB to destination linear RGB (through ICC PCS
/// XYZ D50), the result is clipped per channel (or gamut-mapped with the CSS Color 4 algorithm), and
/// `EncodingTable` turns it into the correctly rounded destination code. Alpha is copied unchanged (rescaled when
/// the bit depth changes). Gray sources and destinations are supported: gray is luminance relative to the PCS
/// white.
struct MatrixTransform: Sendable {
  /// What happens to colors outside the destination gamut (see ``GamutKit/GamutMapping``).
  package typealias GamutMapping = GamutKit.GamutMapping

  /// Dithering when a 16-bit source is written with 8 bits.
  enum Dither: String, Sendable, Codable, CaseIterable {
    /// Round each pixel to the nearest code.
    case none
    /// An 8x8 Bayer ordered dither: deterministic and position-dependent only.
    case ordered
  }

  /// Conversion settings.
  struct Options: Sendable, Equatable {
    /// Bits per output sample: 8 or 16.
    var outputBitDepth: Int
    /// Clip or chroma-reduce out-of-gamut colors.
    var gamutMapping: GamutMapping
    /// Dither 16-bit sources written with 8 bits; ignored otherwise.
    var dither: Dither
    /// How far outside 0...1, in output codes, a linear value may lie before its pixel counts as out of gamut;
    /// the default half code means exactly the pixels whose clipping changed their rounded output.
    var gamutTolerance: Double

    /// Creates options; the defaults are 8-bit output, clipping, no dither, a half-code gamut tolerance.
    init(
      outputBitDepth: Int = 8, gamutMapping: GamutMapping = .clip, dither: Dither = .none,
      gamutTolerance: Double = 0.5
    ) {
      precondition(outputBitDepth == 8 || outputBitDepth == 16, "output is 8 or 16 bits")
      self.outputBitDepth = outputBitDepth
      self.gamutMapping = gamutMapping
      self.dither = dither
      self.gamutTolerance = gamutTolerance
    }
  }

  /// The space the input pixels are in.
  let source: ColorSpaceModel
  /// The space the output pixels are in.
  let destination: ColorSpaceModel
  /// The conversion settings.
  let options: Options
  /// Source linear channels to destination linear channels (before clipping), in `Double`.
  let linearMatrix: Matrix3
  /// Per destination channel, the lowest and highest linear value that still counts as in gamut.
  let gamutLimits: (low: SIMD3<Double>, high: SIMD3<Double>)
  /// Whether source and destination are one space: equal, or equal up to the precision of a profile's numbers
  /// (``movesNoColor(source:destination:linearMatrix:)``). Codes are then copied, not converted.
  let copiesCodes: Bool

  private let mapper: CSSGamutMapper?
  /// The per-pixel loops built so far, one per input bit depth, so that an image converted strip by strip builds
  /// its lookup tables once.
  private let kernels = BuiltOnce<Int, TransformKernel>()
  /// The linear value of every code of the source and of the destination, by bit depth, for `ColorTable`.
  private let sourceLinear = BuiltOnce<Int, [Double]>()
  private let destinationLinear = BuiltOnce<Int, [Double]>()

  /// Creates a transform. Returns `nil` when the destination matrix is singular. `movesNoColor` is the answer of
  /// ``movesNoColor(source:destination:linearMatrix:throughInverses:)`` when the caller knows it (gamut's own
  /// profile of a space against that space: `ColorConverter.knownToMoveNoColor(_:decision:)`); nil works it out.
  init?(
    source: ColorSpaceModel, destination: ColorSpaceModel, options: Options = Options(), movesNoColor: Bool? = nil
  ) {
    guard let fromXYZ = destination.fromXYZD50 else { return nil }
    self.source = source
    self.destination = destination
    self.options = options
    linearMatrix = fromXYZ * source.toXYZD50
    if options.gamutMapping == .chroma, case .rgb(let space) = destination {
      mapper = CSSGamutMapper(space: space)
    } else {
      mapper = nil
    }
    let step = options.gamutTolerance / Double(options.outputBitDepth == 16 ? 65535 : 255)
    var low = SIMD3<Double>()
    var high = SIMD3<Double>()
    for (channel, curve) in destination.curves.enumerated() {
      low[channel] = curve.evaluate(0) - (curve.evaluate(step) - curve.evaluate(0))
      high[channel] = curve.evaluate(1) + (curve.evaluate(1) - curve.evaluate(1 - step))
    }
    gamutLimits = (low, high)
    copiesCodes =
      source == destination
      || movesNoColor
        ?? Self.movesNoColor(source: source, destination: destination, linearMatrix: linearMatrix)
  }

  /// Whether converting between two RGB spaces moves no color by half an 8-bit code or more: the matrix between
  /// them is within 10^-3 of the identity and, on ramps of 4096 steps of each primary and of gray and on a 9x9x9
  /// lattice, every converted value lies within half an 8-bit code of its input. This holds for a space and a
  /// profile of it whose numbers are rounded to the ICC encoding (the Display P3 profiles of design tools against
  /// gamut's own, sRGB IEC 61966-2.1 profiles against the sRGB chunk): an 8-bit result is the same code, and a
  /// 16-bit result differs from the exact conversion by a few 16-bit codes (at most 86 for the compact profiles in
  /// the test data, a third of an 8-bit code).
  ///
  /// "Within half a code of `e`" is tested in linear light, against the destination curve at `e ± ½/255`, which
  /// for the rising curves of RGB spaces is the same as inverting the curve at each converted value: each ramp step
  /// costs a few curve evaluations for all four ramps instead of two dozen. `throughInverses` compares after
  /// inverting instead (as for curves that do not rise), for tests.
  static func movesNoColor(
    source: ColorSpaceModel, destination: ColorSpaceModel, linearMatrix: Matrix3, throughInverses: Bool = false
  ) -> Bool {
    guard source.channelCount == 3, destination.channelCount == 3, NoColorCheck.isNearIdentity(linearMatrix) else {
      return false
    }
    let check = NoColorCheck(
      source: source, destination: destination, linearMatrix: linearMatrix, throughInverses: throughInverses)
    return check.rampsKeepColors() && check.latticeKeepsColors()
  }

  /// The destination linear value of an encoded source color (channels 0...1; gray uses `x`), before clipping.
  func unclippedLinear(encoded: SIMD3<Double>) -> SIMD3<Double> {
    let curves = source.curves
    let isGray = source.channelCount == 1
    let linear = SIMD3(
      curves[0].evaluate(encoded.x), curves[1].evaluate(isGray ? encoded.x : encoded.y),
      curves[2].evaluate(isGray ? encoded.x : encoded.z))
    return linearMatrix * linear
  }

  /// The linear value of every code at `bitDepth` (256 or 65536 per channel, channel after channel) of the source
  /// space, or of the destination space, computed once per transform.
  func linearValues(ofSource: Bool, bitDepth: Int) -> [Double] {
    let model = ofSource ? source : destination
    return (ofSource ? sourceLinear : destinationLinear).value(for: bitDepth) {
      let codes = bitDepth == 16 ? 65536 : 256
      var tables: [[Double]] = []
      for (index, curve) in model.curves.enumerated() {
        // Channels with the same curve (the usual case) share one computation.
        if let same = model.curves[..<index].firstIndex(of: curve) {
          tables.append(tables[same])
        } else {
          tables.append((0..<codes).map { curve.evaluate(Double($0) / Double(codes - 1)) })
        }
      }
      return tables.flatMap { $0 }
    }
  }

  /// Whether a destination linear value lies outside the gamut by more than `options.gamutTolerance` codes.
  func isOutOfGamut(_ linear: SIMD3<Double>) -> Bool {
    any(linear .< gamutLimits.low) || any(linear .> gamutLimits.high)
  }

  /// Converts `image`, whose color channels must match `source` (gray or RGB, with or without alpha).
  ///
  /// `image` may be a strip of a larger image whose first row is row `firstRow` of the whole: the ordered dither
  /// depends on each pixel's position in the whole image, so strips converted one by one give the same pixels as
  /// the whole image converted at once.
  func apply(to image: PixelBuffer, firstRow: Int = 0) -> PixelBuffer {
    run(image, firstRow: firstRow, measuring: false).image
  }

  /// Converts `image` (or a strip starting at row `firstRow`, as for ``apply(to:firstRow:)``) and records which
  /// pixels were out of gamut before clipping, for `ClippingAnalyzer`.
  func applyMeasuring(to image: PixelBuffer, firstRow: Int = 0) -> TransformResult {
    run(image, firstRow: firstRow, measuring: true)
  }

  private func run(_ image: PixelBuffer, firstRow: Int, measuring: Bool) -> TransformResult {
    precondition(image.layout.isGray == (source.channelCount == 1), "the image's channels do not match the source")
    let layout: PixelBuffer.Layout =
      destination.channelCount == 1
      ? (image.layout.hasAlpha ? .grayAlpha : .gray) : (image.layout.hasAlpha ? .rgba : .rgb)
    let pixelCount = image.width * image.height
    if copiesCodes, let samples = Self.identity(image.samples, outputBitDepth: options.outputBitDepth) {
      let output = PixelBuffer(width: image.width, height: image.height, layout: layout, samples: samples)
      let mask = [Bool](repeating: false, count: measuring ? pixelCount : 0)
      return TransformResult(image: output, source: image, transform: self, outOfGamut: mask, staysInGamut: true)
    }
    let kernel = kernel(inputBitDepth: image.bitDepth)
    var mask = [Bool](repeating: false, count: measuring ? pixelCount : 0)
    let samples: PixelBuffer.Samples
    switch (image.samples, options.outputBitDepth) {
    case (.eight(let input), 8):
      samples = .eight(kernel.convert(input, image: image, firstRow: firstRow, as: UInt8.self, mask: &mask))
    case (.eight(let input), _):
      samples = .sixteen(kernel.convert(input, image: image, firstRow: firstRow, as: UInt16.self, mask: &mask))
    case (.sixteen(let input), 8):
      samples = .eight(kernel.convert(input, image: image, firstRow: firstRow, as: UInt8.self, mask: &mask))
    case (.sixteen(let input), _):
      samples = .sixteen(kernel.convert(input, image: image, firstRow: firstRow, as: UInt16.self, mask: &mask))
    }
    let output = PixelBuffer(width: image.width, height: image.height, layout: layout, samples: samples)
    return TransformResult(
      image: output, source: image, transform: self, outOfGamut: mask, staysInGamut: kernel.staysInGamut)
  }

  /// The per-pixel loop for inputs of `inputBitDepth`, built the first time it is needed with its lookup tables:
  /// a conversion that copies codes never builds one, nor the destination's encoding table.
  private func kernel(inputBitDepth: Int) -> TransformKernel {
    kernels.value(for: inputBitDepth) {
      let curves = Array(destination.curves.prefix(destination.channelCount))
      // A 16-bit encoding finds the fractional code for ordered dithering to 8 bits.
      let dithers = options.dither == .ordered && options.outputBitDepth == 8 && inputBitDepth == 16
      return TransformKernel(
        transform: self, inputBitDepth: inputBitDepth,
        encoding: EncodingTable.shared(curves: curves, bitDepth: options.outputBitDepth),
        ditherEncoding: dithers ? EncodingTable.shared(curves: curves, bitDepth: 16) : nil, mapper: mapper)
    }
  }

  /// The samples of a conversion between a space and itself (``copiesCodes``): the same codes (shared, not copied),
  /// or 8-bit codes widened exactly to 16 bits. Nil when bits are lost (16 to 8), which rounds or dithers in the
  /// kernel.
  private static func identity(_ samples: PixelBuffer.Samples, outputBitDepth: Int) -> PixelBuffer.Samples? {
    switch (samples, outputBitDepth) {
    case (.eight, 8), (.sixteen, 16): samples
    case (.eight(let values), _): .sixteen(widened(values))
    case (.sixteen, _): nil
    }
  }

  /// 8-bit codes as the 16-bit codes of the same values (`code * 257`), in a loop that vectorizes.
  private static func widened(_ values: [UInt8]) -> [UInt16] {
    [UInt16](unsafeUninitializedCapacity: values.count) { wide, count in
      values.withUnsafeBufferPointer { narrow in
        for index in 0..<narrow.count { wide[index] = UInt16(narrow[index]) &* 257 }
      }
      count = values.count
    }
  }
}
