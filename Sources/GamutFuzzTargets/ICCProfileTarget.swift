internal import GamutKit

/// Fuzz body for ICC profiles: ``ICCProfile`` validation (header checks, lcms2 open, a test transform to sRGB),
/// inspection and identification, then the converter's transform building and a conversion of small probe images,
/// as an iCCP chunk holding these bytes would go.
///
/// Building a transform dominates the time (tone-curve tables of up to 65536 entries), so the probes are 8-bit and
/// the 16-bit Display P3 target is built for one input length in two only.
public enum ICCProfileTarget {
  /// Checks, inspects and identifies the profile in `bytes`; if it is accepted, converts gray and RGB probes with
  /// it. The rendering intent, black-point compensation and the Display P3 target come from the input's length,
  /// so that every option is reached without changing the profile's bytes.
  public static func run(_ bytes: [UInt8]) {
    guard let profile = try? ICCProfile(bytes: bytes) else { return }
    _ = try? profile.inspect()
    _ = try? profile.identify()
    let options = ConversionOptions(
      intent: RenderingIntent.allCases[bytes.count % RenderingIntent.allCases.count],
      blackPointCompensation: bytes.count & 4 != 0)
    let converter = ColorConverter(options: options)
    for layout in [PixelBuffer.Layout.gray, .rgb] {
      // As the PNG reader sets it from IHDR: the decision ignores a profile for the other kind of image.
      let chunks = ColorChunks(
        iccProfile: ColorChunks.EmbeddedProfile(name: "fuzz", bytes: bytes), pixelsAreGray: layout == .gray)
      let image = PNGImage(header: probeHeader(layout), colorChunks: chunks, pixels: probe(layout))
      for target in bytes.count & 8 != 0 ? ConversionTarget.allCases : [.sRGB] {
        guard let rendition = try? converter.convert(image, to: target) else { continue }
        precondition(rendition.pixels.width == image.pixels.width && rendition.pixels.height == 1)
        precondition(rendition.pixels.bitDepth == target.bitDepth)
      }
    }
  }

  /// A 16 x 1 8-bit ramp from black to white; in RGB, green runs at half height and blue backwards.
  static func probe(_ layout: PixelBuffer.Layout) -> PixelBuffer {
    var samples: [UInt8] = []
    for x in 0..<16 {
      let up = UInt8(x * 17)
      samples += layout == .gray ? [up] : [up, up / 2, 255 - up]
    }
    return PixelBuffer(width: 16, height: 1, layout: layout, samples: .eight(samples))
  }

  static func probeHeader(_ layout: PixelBuffer.Layout) -> PNGHeader {
    PNGHeader(
      width: 16, height: 1, bitDepth: 8, colorType: layout == .gray ? .gray : .rgb, interlaced: false,
      hasTransparencyChunk: false)
  }
}
