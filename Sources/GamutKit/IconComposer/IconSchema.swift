/// What `icon.json` may hold, as read from real Icon Composer files (docs/icon-composer.md lists each key with the
/// files it was seen in): the keys of the root, a group and a layer, which of them are given per appearance, and
/// the closed sets of values.
package enum IconSchema {
  /// Where a set of keys applies.
  package enum Level: String, Sendable {
    case root, group, layer
  }

  /// The keys of each level. Any key but the structural ones (``unspecialized``) may also come as
  /// `KEY-specializations`.
  package static func keys(_ level: Level) -> Set<String> {
    switch level {
    case .root:
      ["fill", "groups", "supported-platforms", "color-space-for-untagged-svg-colors", "features"]
    case .group:
      [
        "name", "layers", "hidden", "opacity", "blend-mode", "lighting", "specular", "blur-material", "translucency",
        "shadow", "position", "refractivity",
      ]
    case .layer:
      ["name", "image-name", "fill", "opacity", "blend-mode", "glass", "hidden", "position"]
    }
  }

  /// Keys never given per appearance: the structure and the platforms.
  package static let unspecialized: Set<String> = [
    "name", "groups", "layers", "supported-platforms", "color-space-for-untagged-svg-colors", "features",
  ]

  /// The suffix of a specialized key.
  package static let specializationSuffix = "-specializations"

  /// Icon Composer's blend modes: the normal one and the darken, lighten and contrast families.
  package static let blendModes: Set<String> = [
    "normal", "darken", "multiply", "plus-darker", "lighten", "screen", "plus-lighter", "overlay", "soft-light",
    "hard-light",
  ]
  /// `lighting` of a group.
  package static let lightings: Set<String> = ["combined", "individual"]
  /// `kind` of a group's `shadow`.
  package static let shadowKinds: Set<String> = ["neutral", "layer-color", "none"]
  /// Fills given as a keyword.
  package static let fillKeywords: Set<String> = ["automatic", "none", "system-light", "system-dark"]
  /// The keys of a fill given as an object.
  package static let fillKinds: Set<String> = ["solid", "automatic-gradient", "linear-gradient"]
  /// The only value `color-space-for-untagged-svg-colors` may take (omitted, untagged SVG colors are sRGB).
  package static let untaggedSVGColorSpace = "display-p3"
  /// The platforms of `supported-platforms`: `squares` is `"shared"` or a list of these, `circles` a list of
  /// `watchOS`.
  package static let squarePlatforms: Set<String> = ["iOS", "macOS", "visionOS"]
  package static let circlePlatforms: Set<String> = ["watchOS"]
  /// The keys an object value must have: every one of them.
  package static let requiredMembers: [String: [String]] = [
    "position": ["scale", "translation-in-points"],
    "shadow": ["kind", "opacity"],
    "translucency": ["enabled", "value"],
  ]
}
