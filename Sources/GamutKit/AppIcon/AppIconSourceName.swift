/// What the name of an app icon source says: the icon it belongs to and the image it provides.
///
/// `Name.png`, `Name~dark.png` and `Name~tinted.png` are the 1024x1024 artwork of each appearance; every image
/// of the set is made from them. `Name~16.png`, `Name~16@2x.png` ... `Name~512@2x.png` are hand-tuned macOS
/// sizes (the token is the size in points, the scale as for images) that replace the image made from the artwork;
/// `Name~watchos.png` is a hand-tuned watchOS image, likewise. `Name` is `AppIcon` or a name listed under `appIcons:`
/// in `gamut.yml`.
package struct AppIconSourceName: Sendable, Equatable {
  /// What a source provides.
  package enum Role: Hashable, Sendable, Comparable {
    /// The 1024x1024 artwork of an appearance.
    case artwork(AppIconSlot.Appearance)
    /// A hand-tuned macOS image of a size in points at a scale.
    case macSize(points: Int, scale: Int)
    /// A hand-tuned watchOS image (1024x1024).
    case watchArtwork

    /// The slot this source fills directly.
    package var slot: AppIconSlot {
      switch self {
      case .artwork(let appearance): AppIconSlot(platform: .ios, appearance: appearance)
      case .macSize(let points, let scale): AppIconSlot(platform: .macos, points: points, scale: scale)
      case .watchArtwork: AppIconSlot(platform: .watchos)
      }
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.slot < rhs.slot }
  }

  /// The icon's name: the file name without tokens, scale and extension.
  package var iconName: String
  package var role: Role

  /// Parses `fileName` when its name (before any `~` token or `@` scale) is one of `iconNames`; nil for any other
  /// file, which is an image source.
  /// A PDF or SVG named like an app icon (`AppIcon.pdf`, `AppIcon~dark.svg`) is an error rather than an image set
  /// of that name: an app icon is made from PNG artwork.
  package init?(parsing fileName: String, iconNames: Set<String>) throws(SourceNameError) {
    guard fileName.lowercased().hasSuffix(".png") else {
      let lower = fileName.lowercased()
      guard lower.hasSuffix(".pdf") || lower.hasSuffix(".svg") else { return nil }
      let name = String(fileName.prefix { $0 != "~" && $0 != "@" && $0 != "." })
      guard iconNames.contains(name) else { return nil }
      throw .invalidAppIconName(
        "an app icon is made from a 1024x1024 PNG (\(name).png); a PDF or SVG cannot be its source, and no image "
          + "set is made of it")
    }
    var stem = String(fileName.dropLast(4))
    let name = String(stem.prefix { $0 != "~" && $0 != "@" })
    guard iconNames.contains(name) else { return nil }
    var scale: Int?
    if let at = stem.lastIndex(of: "@"), !stem[at...].contains("~") {
      switch stem[stem.index(after: at)...] {
      case "1x": scale = 1
      case "2x": scale = 2
      case let other: throw .invalidAppIconName("unknown scale '@\(other)' for an app icon size (use @1x or @2x)")
      }
      stem = String(stem[..<at])
    }
    let parts = stem.split(separator: "~", omittingEmptySubsequences: false)
    guard !parts.contains(where: { $0.contains("@") }) else {
      throw .invalidAppIconName("the scale goes at the end of the name, like '\(name)~16@2x.png'")
    }
    let tokens = parts.dropFirst().map(String.init)
    var appearance: AppIconSlot.Appearance?
    var points: Int?
    if tokens == ["watchos"] {
      guard scale == nil else { throw .invalidAppIconName("the watchOS image has no scale: '\(name)~watchos.png'") }
      iconName = name
      role = .watchArtwork
      return
    }
    for token in tokens {
      if let value = AppIconSlot.Appearance(rawValue: token), value != .any, appearance == nil {
        appearance = value
      } else if let value = Int(token), String(value) == token, AppIconSlot.macPoints.contains(value), points == nil {
        points = value
      } else {
        throw .invalidAppIconName(
          "'~\(token)' is not an app icon token, or repeats one (known: dark, tinted, watchos alone, and the macOS sizes "
            + AppIconSlot.macPoints.map(String.init).joined(separator: ", ") + ")")
      }
    }
    switch (appearance, points, scale) {
    case (let appearance, nil, nil):
      role = .artwork(appearance ?? .any)
    case (nil, let points?, let scale):
      role = .macSize(points: points, scale: scale ?? 1)
    case (_?, _?, _):
      throw .invalidAppIconName(
        "macOS icon sizes have no appearances; '~\(appearance!.rawValue)' cannot go with a size")
    case (_, nil, _?):
      throw .invalidAppIconName(
        "the app icon artwork has no scale; name a hand-tuned macOS size like '\(name)~16@2x.png'")
    }
    iconName = name
  }
}
