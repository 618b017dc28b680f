import ArgumentParser
import GamutKit

/// Options that raise the decoder's safety limits for trusted, unusually large files.
struct LimitOptions: ParsableArguments {
  @Option(help: "Largest image accepted, in megapixels (default \(PNGLimits.default.maxPixels / 1_000_000)).")
  var maxMegapixels: Int?

  @Option(
    name: .customLong("max-profile-kib"),
    help: "Largest embedded ICC profile accepted, in KiB (default \(PNGLimits.default.maxProfileBytes / 1024))."
  )
  var maxProfileKiB: Int?

  /// The decoder limits with any raised values applied.
  var pngLimits: PNGLimits {
    var limits = PNGLimits.default
    if let maxMegapixels {
      limits.maxPixels = maxMegapixels * 1_000_000
      limits.maxWidth = max(limits.maxWidth, maxMegapixels * 1_000_000)
      limits.maxHeight = max(limits.maxHeight, maxMegapixels * 1_000_000)
    }
    if let maxProfileKiB { limits.maxProfileBytes = maxProfileKiB * 1024 }
    return limits
  }

  func validate() throws {
    if let maxMegapixels, maxMegapixels <= 0 { throw ValidationError("--max-megapixels must be positive") }
    if let maxProfileKiB, maxProfileKiB <= 0 { throw ValidationError("--max-profile-kib must be positive") }
  }
}
