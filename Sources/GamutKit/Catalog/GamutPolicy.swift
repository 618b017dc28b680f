/// Which gamut renditions an asset gets.
public enum GamutPolicy: String, Sendable, Codable, CaseIterable {
  /// One sRGB rendition, unless a source's sRGB rendition fails the clipping check: then a Display P3 16-bit and an
  /// sRGB 8-bit rendition of every slot, paired by `display-gamut`.
  case auto
  /// A Display P3 and an sRGB rendition of every slot of every asset.
  case both
  /// One sRGB rendition of every slot; clipping errors are build errors (exit code 2).
  case srgb
}
