/// How app icons are built: which assets are app icons, for which platforms, and how their checks resolve.
///
/// Set in `gamut.yml`:
///
/// ```yaml
/// appIcons: [AppIconBeta]          # more names besides AppIcon
/// appIcon:
///   platforms: [ios, macos, watchos]
///   background: "#1C1C1E"          # flatten a transparent any-appearance icon onto this sRGB color
///   tinted: grayscale              # convert a tinted variant with color to gray
/// ```
public struct AppIconOptions: Sendable, Equatable {
  /// Asset names that are app icons rather than image sets.
  public var names: Set<String> = ["AppIcon"]
  /// The platforms each icon set serves.
  public var platforms: Set<AppIconSlot.Platform> = [.ios]
  /// An sRGB color (8-bit red, green, blue) to flatten transparent pixels of the any-appearance icon onto.
  public var background: [UInt8]?
  /// Whether a tinted variant with visible color is converted to gray (otherwise it is written as it is, with a
  /// warning).
  public var tintedToGrayscale = false

  public init() {}

  /// The text that identifies these options in an icon's fingerprint.
  var fingerprint: String {
    let platformList = AppIconSlot.Platform.allCases.filter(platforms.contains).map(\.rawValue)
    return "platforms=\(platformList.joined(separator: ","));background=\(background.map { "\($0)" } ?? "none");"
      + "tintedGray=\(tintedToGrayscale)"
  }

  /// Reads the `appIcon:` map of `gamut.yml`; the message of a thrown error names the key.
  mutating func configure(_ value: Any) throws(AppIconOptions.ConfigurationError) {
    guard let map = value as? [String: Any] else {
      throw ConfigurationError(key: "appIcon", expected: "a map with platforms, background, tinted")
    }
    for (key, item) in map.sorted(by: { $0.key < $1.key }) {
      switch key {
      case "platforms":
        let names = AppIconSlot.Platform.allCases.map(\.rawValue).joined(separator: ", ")
        guard let list = item as? [String], !list.isEmpty else {
          throw ConfigurationError(key: "appIcon.platforms", expected: "a list of: \(names)")
        }
        var chosen: Set<AppIconSlot.Platform> = []
        for name in list {
          guard let platform = AppIconSlot.Platform(rawValue: name) else {
            throw ConfigurationError(key: "appIcon.platforms", expected: "a list of: \(names)")
          }
          chosen.insert(platform)
        }
        platforms = chosen
      case "background":
        guard let text = item as? String, let color = Self.hexColor(text) else {
          throw ConfigurationError(key: "appIcon.background", expected: "an sRGB color written \"#RRGGBB\"")
        }
        background = color
      case "tinted":
        guard let text = item as? String, text == "grayscale" || text == "keep" else {
          throw ConfigurationError(key: "appIcon.tinted", expected: "grayscale or keep")
        }
        tintedToGrayscale = text == "grayscale"
      default:
        throw ConfigurationError(key: "appIcon.\(key)", expected: nil)
      }
    }
  }

  /// Reads the `appIcons:` list of `gamut.yml`.
  mutating func configureNames(_ value: Any) throws(AppIconOptions.ConfigurationError) {
    guard let list = value as? [String], !list.isEmpty else {
      throw ConfigurationError(key: "appIcons", expected: "a list of asset names")
    }
    for name in list {
      do throws(SourceNameError) {
        try SourceName.validate(assetName: name)
      } catch {
        throw ConfigurationError(key: "appIcons", expected: "a list of asset names (\(error))")
      }
    }
    names.formUnion(list)
  }

  /// `#RRGGBB` as three bytes.
  static func hexColor(_ text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count == 7, digits[0] == UInt8(ascii: "#"), let value = UInt32(text.dropFirst(), radix: 16) else {
      return nil
    }
    return [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// A key of the `appIcon:` or `appIcons:` options with a wrong value (`expected`), or an unknown key (nil).
  struct ConfigurationError: Error {
    var key: String
    var expected: String?

    var message: String {
      expected.map { "\(QuotedValue.quote(key)) must be \($0)" } ?? "unknown option \(QuotedValue.quote(key))"
    }
  }
}
