public import GamutKit

/// Builds real PNG files in tests with gamut's own encoder (tagged sRGB unless told otherwise): the one place test
/// images are made from pixels. `PNGBuilder` makes files byte by byte instead, for hostile ones.
public enum TestPNG {
  /// A `width` x `height` PNG whose pixel (x, y) is `pixel(x, y)` (the samples of `layout`); 16 bits per sample
  /// when `sixteen` (each 8-bit sample times 257).
  public static func make(
    width: Int, height: Int, layout: PixelBuffer.Layout = .rgb, tag: PNGEncoder.ColorTag = .sRGB(intent: 0),
    compressionLevel: Int = 1, sixteen: Bool = false, _ pixel: (Int, Int) -> [UInt8]
  ) throws -> [UInt8] {
    var samples: [UInt8] = []
    samples.reserveCapacity(width * height * layout.channels)
    for y in 0..<height {
      for x in 0..<width { samples += pixel(x, y) }
    }
    let buffer =
      sixteen
      ? PixelBuffer(width: width, height: height, layout: layout, samples: .sixteen(samples.map { UInt16($0) * 257 }))
      : PixelBuffer(width: width, height: height, layout: layout, samples: .eight(samples))
    return try PNGEncoder(compressionLevel: compressionLevel).encode(buffer, colorTag: tag)
  }

  /// A PNG whose every sample is `value`.
  public static func solid(
    width: Int, height: Int, layout: PixelBuffer.Layout = .rgb, value: UInt8 = 0x80,
    tag: PNGEncoder.ColorTag = .sRGB(intent: 0), compressionLevel: Int = 1
  ) throws -> [UInt8] {
    let samples = [UInt8](repeating: value, count: width * height * layout.channels)
    let buffer = PixelBuffer(width: width, height: height, layout: layout, samples: .eight(samples))
    return try PNGEncoder(compressionLevel: compressionLevel).encode(buffer, colorTag: tag)
  }

  /// A PNG of made-up samples, different for each `seed` (0-255): sources that must not be equal.
  public static func distinct(
    width: Int = 16, height: Int = 16, layout: PixelBuffer.Layout = .rgb, seed: Int, compressionLevel: Int = 1
  ) throws -> [UInt8] {
    let samples = (0..<(width * height * layout.channels)).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ seed &* 71) }
    let buffer = PixelBuffer(width: width, height: height, layout: layout, samples: .eight(samples))
    return try PNGEncoder(compressionLevel: compressionLevel).encode(buffer, colorTag: .sRGB(intent: 0))
  }
}
