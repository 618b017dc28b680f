/// What happens to colors outside the destination gamut when a wider space is converted to sRGB.
public enum GamutMapping: String, Sendable, Codable, CaseIterable {
  /// Clip each linear channel to 0...1 (what lcms2 and skcms do for matrix/TRC profiles, and what an sRGB display
  /// does).
  case clip
  /// The CSS Color 4 algorithm: reduce OKLCh chroma at constant lightness and hue.
  case chroma
}
