internal import GamutKit

/// Fuzz body for ICC profiles: ``ICCProfile`` validation (header checks, lcms2 open, a test transform to sRGB),
/// inspection and identification, then the converter's transform building and a conversion of small probe images
/// to both targets, as an iCCP chunk holding these bytes would go.
public enum ICCProfileTarget {
  /// Checks, inspects and identifies the profile in `bytes`; if it is accepted, converts gray and RGB probes with
  /// it. The rendering intent and black-point compensation come from the input's length, so that every option
  /// is reached without changing the profile's bytes.
  public static func run(_ bytes: [UInt8]) {
    guard let profile = try? ICCProfile(bytes: bytes) else { return }
    _ = try? profile.inspect()
    _ = try? profile.identify()
    let options = ConversionOptions(
      intent: RenderingIntent.allCases[bytes.count % RenderingIntent.allCases.count],
      blackPointCompensation: bytes.count & 4 != 0)
    let converter = ColorConverter(options: options)
    let chunks = ColorChunks(iccProfile: ColorChunks.EmbeddedProfile(name: "fuzz", bytes: bytes))
    for layout in [PixelBuffer.Layout.gray, .rgb] {
      let image = PNGImage(header: probeHeader(layout), colorChunks: chunks, pixels: probe(layout))
      for target in ConversionTarget.allCases {
        guard let rendition = try? converter.convert(image, to: target) else { continue }
        precondition(rendition.pixels.width == image.pixels.width && rendition.pixels.height == 1)
        precondition(rendition.pixels.bitDepth == target.bitDepth)
      }
    }
  }

  /// A 16 x 1 16-bit ramp from black to white, with the blue (or only) channel running backwards in RGB.
  static func probe(_ layout: PixelBuffer.Layout) -> PixelBuffer {
    var samples: [UInt16] = []
    for x in 0..<16 {
      let up = UInt16(x * 4369)
      samples += layout == .gray ? [up] : [up, up / 2, 65535 - up]
    }
    return PixelBuffer(width: 16, height: 1, layout: layout, samples: .sixteen(samples))
  }

  static func probeHeader(_ layout: PixelBuffer.Layout) -> PNGHeader {
    PNGHeader(
      width: 16, height: 1, bitDepth: 16, colorType: layout == .gray ? .gray : .rgb, interlaced: false,
      hasTransparencyChunk: false)
  }
}
