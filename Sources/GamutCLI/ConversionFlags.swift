public import ArgumentParser
import GamutKit

/// Color conversion flags shared by `build` and `convert`; unset flags leave the configured value alone.
struct ConversionFlags: ParsableArguments {
  @Option(help: "Rendering intent: relative (default), perceptual, saturation or absolute.")
  var intent: RenderingIntent?

  @Flag(help: "Use black-point compensation.")
  var blackPointCompensation = false

  @Option(help: "How wide colors enter sRGB: clip (default, what an sRGB display does) or chroma (CSS Color 4).")
  var gamutMapping: GamutMapping?

  @Flag(help: "Dither 16-bit sources when writing 8 bits, against banding in smooth gradients.")
  var dither = false

  /// Applies the flags that were given.
  func apply(to options: inout ConversionOptions) {
    if let intent { options.intent = intent }
    if blackPointCompensation { options.blackPointCompensation = true }
    if let gamutMapping { options.gamutMapping = gamutMapping }
    if dither { options.dither = true }
  }
}

extension RenderingIntent: ExpressibleByArgument {}
extension GamutMapping: ExpressibleByArgument {}
