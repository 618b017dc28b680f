// MARK: - Icon Composer bundles (`Name.icon`: the checks of IconBundleChecks and the build's collision guard)

extension DiagnosticCode {
  /// Error: `icon.json` is missing, too large, not JSON (at its line) or not an object; nothing else is checked.
  public static let iconUnreadable: DiagnosticCode = "icon-unreadable"
  /// Error: a key whose value has the wrong type or shape (groups that are not a list, a specialization entry
  /// without `value`, an `appearance` or `idiom` outside the known ones...), with its key path.
  public static let iconMalformed: DiagnosticCode = "icon-malformed"
  /// Warning: a value outside a known set (blend mode, lighting, shadow kind, fill keyword, platform).
  public static let iconUnknownValue: DiagnosticCode = "icon-unknown-value"
  /// Note: a key this version of gamut does not know (kept as it is; Icon Composer may have added it).
  public static let iconUnknownKey: DiagnosticCode = "icon-unknown-key"
  /// Error: a color that is not `space:components` in a known space with the number of components it takes.
  public static let iconInvalidColor: DiagnosticCode = "icon-invalid-color"
  /// Warning: a `position`, `shadow` or `translucency` without one of its keys.
  public static let iconIncomplete: DiagnosticCode = "icon-incomplete"
  /// Error: a layer names a file that is not in `Assets/` (in any specialization).
  public static let iconLayerMissing: DiagnosticCode = "icon-layer-missing"
  /// Warning: a file in `Assets/` that no layer names.
  public static let iconAssetUnused: DiagnosticCode = "icon-asset-unused"
  /// Error: a layer file that cannot be read as what its name says (PNG or SVG), or of another type.
  public static let iconLayerUnreadable: DiagnosticCode = "icon-layer-unreadable"
  /// Warning: a PNG layer that is not 1024 × 1024 pixels (or 1088 × 1088 for a watchOS icon).
  public static let iconLayerSize: DiagnosticCode = "icon-layer-size"
  /// Warning: a PNG layer tagged with a color space other than sRGB, Display P3 or Gray.
  public static let iconLayerColorSpace: DiagnosticCode = "icon-layer-color-space"
  /// Warning: an SVG layer with text, an embedded image or a filter (the HIG asks for simple vector layers).
  public static let iconSVGNotSimple: DiagnosticCode = "icon-svg-not-simple"
  /// Warning: `color-space-for-untagged-svg-colors` other than `display-p3`.
  public static let iconSVGColorSpaceKey: DiagnosticCode = "icon-svg-color-space-key"
  /// Warning: more than four groups visible in one appearance (the HIG's limit).
  public static let iconTooManyGroups: DiagnosticCode = "icon-too-many-groups"
  /// Note: a gradient whose colors are in different color spaces.
  public static let iconGradientMixedSpaces: DiagnosticCode = "icon-gradient-mixed-spaces"
  /// Note: a fill color outside sRGB, with the CIEDE2000 of its sRGB mapping.
  public static let iconFillOutsideSRGB: DiagnosticCode = "icon-fill-outside-srgb"
  /// Note: a dark specialization that gives the value the default already has: it changes nothing.
  public static let iconDarkUnchanged: DiagnosticCode = "icon-dark-unchanged"
  /// Warning: the icon uses Icon Composer 2 (`features`, `refractivity`): it needs Xcode 27.
  public static let iconNeedsXcode27: DiagnosticCode = "icon-needs-xcode-27"
  /// Warning: the icon has a string `specular`, on which Xcode 26's `actool` is known to crash.
  public static let iconCrashesActool: DiagnosticCode = "icon-crashes-actool"
  /// Error: `gamut build` would write `Name.appiconset` while `Name.icon` sits beside the catalog (or in a
  /// configured `iconBundles` folder); the app icon set is not written.
  public static let iconAppIconCollision: DiagnosticCode = "icon-appiconset-collision"
}
