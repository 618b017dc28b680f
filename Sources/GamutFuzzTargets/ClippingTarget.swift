internal import GamutKit

/// Fuzz body for the clipping check: ``ColorConverter/check(_:thresholds:)``, which converts to sRGB while
/// measuring and then runs ``ClippingAnalyzer``.
///
/// An input that starts with the PNG signature is decoded (under ``PNGDecodeTarget/limits``) and checked as
/// `gamut check` would. Any other input is read as a small image, so that mutations reach the analysis instead of
/// dying in a CRC check: byte 0 chooses the layout (bits 0-1: gray, gray+alpha, RGB, RGBA), 16-bit samples
/// (bit 2), the source space (bits 3-5, see ``spaces``), chroma gamut mapping (bit 6) and dithering (bit 7);
/// byte 1 is the width less one (up to 64); the rest are the samples, big-endian when 16-bit, as many whole rows
/// as there are bytes for (up to 256), the last partial row dropped.
public enum ClippingTarget {
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The source spaces a synthesized image can be tagged with: untagged, the sRGB chunk, Display P3 and
  /// Rec. 2020 by cICP (the latter with the sRGB and the BT.709 curves), an embedded Display P3 profile, gAMA
  /// alone, and gAMA with Adobe RGB and ProPhoto-like cHRM.
  static let spaces: [ColorChunks] = [
    ColorChunks(),
    ColorChunks(sRGBIntent: 0),
    ColorChunks(codingPoints: .init(colorPrimaries: 12, transferFunction: 13, matrixCoefficients: 0, fullRange: true)),
    ColorChunks(codingPoints: .init(colorPrimaries: 9, transferFunction: 13, matrixCoefficients: 0, fullRange: true)),
    ColorChunks(codingPoints: .init(colorPrimaries: 9, transferFunction: 1, matrixCoefficients: 0, fullRange: true)),
    ColorChunks(iccProfile: .init(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes)),
    ColorChunks(gamma: 0.45455),
    ColorChunks(
      gamma: 1 / 1.8,
      chromaticities: .init(
        whiteX: 0.3457, whiteY: 0.3585, redX: 0.7347, redY: 0.2653, greenX: 0.1596, greenY: 0.8404, blueX: 0.0366,
        blueY: 0.0001)),
  ]

  /// Converters for synthesized images, indexed by bits 6-7 of byte 0 (chroma mapping, dithering). They live as
  /// long as the process, so their transforms, one per source space, are built once: synthesized inputs spend
  /// their time in conversion and analysis. A decoded PNG gets a new converter, since its profile can be anything.
  static let converters: [ColorConverter] = (0..<4).map { bits in
    ColorConverter(options: ConversionOptions(gamutMapping: bits & 1 != 0 ? .chroma : .clip, dither: bits & 2 != 0))
  }

  /// Checks the image `bytes` hold (see the type's description) and the consistency of the result.
  public static func run(_ bytes: [UInt8]) {
    let converter: ColorConverter
    let image: PNGImage
    if bytes.starts(with: pngSignature) {
      guard let decoded = try? PNGDecoder(limits: PNGDecodeTarget.limits).decode(bytes) else { return }
      converter = ColorConverter()
      image = decoded
    } else {
      guard let synthesized = synthesize(bytes) else { return }
      converter = converters[Int(bytes[0] >> 6)]
      image = synthesized
    }
    guard let result = try? converter.check(image, thresholds: ClippingThresholds()) else { return }
    let report = result.analysis.report
    let pixelCount = image.pixels.width * image.pixels.height
    precondition(result.rendition.pixels.width == image.pixels.width)
    precondition(result.rendition.pixels.height == image.pixels.height)
    precondition(result.analysis.classification?.flags.count == pixelCount)
    precondition(report.visiblePixels <= pixelCount && report.outOfGamutPixels <= report.visiblePixels)
    precondition(report.plateaus.pixels <= report.visiblePixels)
    precondition(report.lostDistinctions.lostPairs <= report.lostDistinctions.examinedPairs)
    for share in [report.outOfGamutShare, report.plateaus.share, report.lostDistinctions.share] {
      precondition((0...1).contains(share), "a share outside 0...1: \(share)")
    }
    for shift in [report.colorShift.max, report.colorShift.p99, report.colorShift.meanOutOfGamut] {
      precondition(shift.isFinite && shift >= 0, "a color shift that is not a finite distance: \(shift)")
    }
  }

  /// The image described in the type's documentation, or nil when the bytes do not hold one whole row.
  static func synthesize(_ bytes: [UInt8]) -> PNGImage? {
    guard bytes.count > 2 else { return nil }
    let flags = Int(bytes[0])
    let layout = [PixelBuffer.Layout.gray, .grayAlpha, .rgb, .rgba][flags & 3]
    let sixteen = flags & 4 != 0
    let width = Int(bytes[1]) % 64 + 1
    let data = bytes.dropFirst(2)
    let rowBytes = width * layout.channels * (sixteen ? 2 : 1)
    let height = min(data.count / rowBytes, 256)
    guard height > 0 else { return nil }
    let used = data.prefix(height * rowBytes)
    let samples: PixelBuffer.Samples
    if sixteen {
      samples = .sixteen(
        stride(from: used.startIndex, to: used.endIndex, by: 2).map { UInt16(used[$0]) << 8 | UInt16(used[$0 + 1]) })
    } else {
      samples = .eight(Array(used))
    }
    let colorType: PNGHeader.ColorType = [.gray, .grayAlpha, .rgb, .rgba][flags & 3]
    return PNGImage(
      header: PNGHeader(
        width: width, height: height, bitDepth: sixteen ? 16 : 8, colorType: colorType, interlaced: false,
        hasTransparencyChunk: false),
      colorChunks: spaces[(flags >> 3) & 7],
      pixels: PixelBuffer(width: width, height: height, layout: layout, samples: samples))
  }
}
