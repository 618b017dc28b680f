/// How colors are converted: rendering intent, black-point compensation, gamut mapping and dithering.
public struct ConversionOptions: Sendable, Equatable, Hashable, Codable {
  public var intent: RenderingIntent = .relative
  /// lcms2's black-point compensation (LUT-based sources; matrix/TRC profiles already map black to black).
  public var blackPointCompensation = false
  /// How colors outside the destination enter it: `clip` per channel (the default: what an sRGB display does with
  /// P3 content) or `chroma`, CSS Color 4's OKLCh chroma reduction that keeps lightness and hue.
  public var gamutMapping: GamutMapping = .clip
  /// An 8x8 ordered dither when a 16-bit source becomes 8 bits, against banding in smooth gradients. Off by
  /// default: it changes in-gamut codes by up to one.
  public var dither = false

  public init(
    intent: RenderingIntent = .relative, blackPointCompensation: Bool = false,
    gamutMapping: GamutMapping = .clip, dither: Bool = false
  ) {
    self.intent = intent
    self.blackPointCompensation = blackPointCompensation
    self.gamutMapping = gamutMapping
    self.dither = dither
  }
}
