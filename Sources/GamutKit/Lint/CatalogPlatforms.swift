/// The platforms a catalog serves, as its entries say: each idiom other than `universal` names one (`iphone`,
/// `ipad`, `ios-marketing` and `car` iOS; `mac` macOS; `watch` and `watch-marketing` watchOS; `tv` tvOS; `vision`
/// visionOS), and so does the `platform` of a universal app icon entry (`ios`, `macos`, `watchos`, `tvos`, `xros`).
/// A catalog whose entries are all `universal` names none, and serves every platform as far as lint can tell.
///
/// Lint judges by them: a 3x slot is never drawn by a catalog that serves only macOS (Macs are 1x and 2x), and a
/// custom color is compared only with the system colors of the platforms it can appear on.
struct CatalogPlatforms: Sendable, Equatable {
  enum Platform: String, Sendable, CaseIterable, Comparable {
    case iOS, macOS, watchOS, tvOS, visionOS

    static func < (lhs: Self, rhs: Self) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// The platforms named; empty when the catalog names none (every platform).
  var named: Set<Platform>

  /// The platforms of the entries of every set of `tree`.
  init(_ tree: CatalogTree) {
    var named: Set<Platform> = []
    for placed in tree.sets {
      for entry in placed.set.entries {
        if let platform = Self.platform(idiom: entry.idiom, platformKey: entry.platform) { named.insert(platform) }
      }
    }
    self.named = named
  }

  init(_ named: Set<Platform>) {
    self.named = named
  }

  /// The platform an entry's idiom (or a universal app icon's `platform` key) names; nil for `universal` alone and
  /// for idioms lint does not know.
  static func platform(idiom: String?, platformKey: String?) -> Platform? {
    switch idiom ?? "universal" {
    case "iphone", "ipad", "ios-marketing", "car": return .iOS
    case "mac": return .macOS
    case "watch", "watch-marketing": return .watchOS
    case "tv", "tv-marketing": return .tvOS
    case "vision": return .visionOS
    case "universal":
      switch platformKey {
      case "ios": return .iOS
      case "macos", "osx": return .macOS
      case "watchos": return .watchOS
      case "tvos": return .tvOS
      case "xros", "visionos": return .visionOS
      default: return nil
      }
    default: return nil
    }
  }

  /// Whether the catalog may be drawn on `platform`: it names it, or names none.
  func serves(_ platform: Platform) -> Bool {
    named.isEmpty || named.contains(platform)
  }

  /// Whether an image at `scale` can be drawn: a 3x image only on a platform with 3x screens (not macOS).
  func draws(scale: Int) -> Bool {
    scale < 3 || Platform.allCases.contains { $0 != .macOS && serves($0) }
  }

  /// The system color tables that apply: macOS's for a catalog that serves macOS, iOS's (UIKit's system colors,
  /// which watchOS, tvOS and visionOS share) for one that serves any other platform.
  var systemColorPlatforms: Set<SystemColor.Platform> {
    var platforms: Set<SystemColor.Platform> = []
    if serves(.macOS) { platforms.insert(.macOS) }
    if Platform.allCases.contains(where: { $0 != .macOS && serves($0) }) { platforms.insert(.iOS) }
    return platforms
  }

  /// `macOS`, `iOS and watchOS`..., or `every platform` when the catalog names none.
  var description: String {
    guard !named.isEmpty else { return "every platform" }
    let names = named.sorted().map(\.rawValue)
    return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
  }
}
