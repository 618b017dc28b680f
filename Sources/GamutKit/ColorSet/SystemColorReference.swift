/// A reference to a system color, as a color set stores it: `"platform" : "ios"`, `"reference" :
/// "systemBackgroundColor"`.
package struct SystemColorReference: Sendable, Hashable, Codable {
  /// `ios`, `osx` or `universal`.
  package var platform: String
  /// The system color's name with the `Color` suffix, as Xcode writes it: `systemIndigoColor`, `labelColor`.
  package var reference: String

  package init(platform: String, reference: String) {
    self.platform = platform
    self.reference = reference
  }

  /// The platforms a reference may name.
  package static let platforms = ["ios", "osx", "universal"]

  /// A reference from a color file's `system:` name (`separator`, `systemIndigo`, `systemIndigoColor`, `label`) and
  /// optional `platform:`. Without a platform, the platform comes from ``knownPlatforms``; an unknown name then
  /// needs one. Returns a message on failure.
  package static func make(name: String, platform: String?) -> Result<SystemColorReference, ColorValueError> {
    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      return .failure(ColorValueError(message: "\(QuotedValue.quote(name)) is not a system color name"))
    }
    let reference = name.hasSuffix("Color") ? name : name + "Color"
    if let platform {
      guard platforms.contains(platform) else {
        return .failure(
          ColorValueError(message: "platform \(QuotedValue.quote(platform)) must be one of ios, osx, universal"))
      }
      return .success(SystemColorReference(platform: platform, reference: reference))
    }
    guard let known = knownPlatforms[reference] else {
      return .failure(
        ColorValueError(
          message:
            "\(QuotedValue.quote(name)) is not a system color gamut knows; give its platform (platform: ios, osx or universal)"
        ))
    }
    return .success(SystemColorReference(platform: known, reference: reference))
  }

  /// The platform gamut writes for a reference given without one: `universal` for the colors UIKit and AppKit both
  /// have under that name (as Apple's own sample writes `systemIndigoColor`), `ios` for UIKit-only ones (as Xcode
  /// writes `systemBackgroundColor`), `osx` for AppKit-only ones.
  package static let knownPlatforms: [String: String] = {
    var table: [String: String] = [:]
    let shared = [
      "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan",
      "systemBlue", "systemIndigo", "systemPurple", "systemPink", "systemBrown", "systemGray", "label",
      "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "separator", "link", "placeholderText",
    ]
    let iOSOnly = [
      "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6", "systemBackground",
      "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground",
      "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground", "systemFill", "secondarySystemFill",
      "tertiarySystemFill", "quaternarySystemFill", "opaqueSeparator", "lightText", "darkText", "tintColor",
    ]
    let macOnly = [
      "windowBackground", "controlBackground", "underPageBackground", "textBackground", "text", "controlText",
      "selectedContentBackground", "unemphasizedSelectedContentBackground", "controlAccent", "grid", "headerText",
      "control", "selectedControl", "selectedText", "selectedTextBackground", "windowFrameText", "findHighlight",
      "keyboardFocusIndicator", "disabledControlText", "alternateSelectedControlText",
    ]
    for name in shared { table[name + "Color"] = "universal" }
    for name in iOSOnly { table[name.hasSuffix("Color") ? name : name + "Color"] = "ios" }
    for name in macOnly { table[name + "Color"] = "osx" }
    return table
  }()
}
