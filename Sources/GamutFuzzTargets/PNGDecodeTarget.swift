internal import GamutKit

/// Fuzz body for PNG decoding: ``PNGDecoder`` over the bytes, then ``ColorSpaceDecision`` from the color chunks
/// read (which opens, inspects and identifies an embedded profile with lcms2).
public enum PNGDecodeTarget {
  /// The decoder's limits while fuzzing: the defaults, but with at most 2^22 pixels (32 MiB of 16-bit RGBA), so
  /// that a tiny file claiming a huge image fails its allocation check instead of the fuzzer's memory limit.
  /// The defaults themselves are measured by the resource-bomb tests.
  static let limits = PNGLimits(maxPixels: 1 << 22, maxMemoryBytes: 64 << 20)

  /// Decodes `bytes` and decides the color space; checks that the decoded buffer matches its header.
  public static func run(_ bytes: [UInt8]) {
    guard let image = try? PNGDecoder(limits: limits).decode(bytes) else { return }
    let pixels = image.pixels
    precondition(pixels.width == image.header.width && pixels.height == image.header.height)
    precondition(pixels.samples.count == pixels.width * pixels.height * pixels.layout.channels)
    let decision = ColorSpaceDecision(chunks: image.colorChunks)
    precondition(decision.source != .iCCP || decision.profile != nil, "an iCCP decision without a profile")
  }
}
