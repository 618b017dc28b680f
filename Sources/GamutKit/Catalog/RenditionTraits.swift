/// The slot of one image inside an imageset: device idiom, scale, appearance, contrast and display gamut.
///
/// Two renditions of one asset must differ in at least one trait; the traits decide the entry that
/// `Contents.json` gets and the order Xcode lists it in.
public struct RenditionTraits: Hashable, Sendable, Codable, Comparable {
  /// Device families, in the order Xcode lists them.
  public enum Idiom: String, CaseIterable, Sendable, Codable {
    case universal, iphone, ipad, mac, tv, watch, car, vision
  }

  /// Luminosity appearance: `any` has no `appearances` entry.
  public enum Appearance: String, CaseIterable, Sendable, Codable {
    case any, light, dark
  }

  /// The `display-gamut` of an entry; absent (`nil` in the traits) means "any gamut".
  public enum DisplayGamut: String, CaseIterable, Sendable, Codable {
    case sRGB = "sRGB"
    case displayP3 = "display-P3"
  }

  public var idiom: Idiom
  /// 1, 2 or 3.
  public var scale: Int
  public var appearance: Appearance
  /// Increased contrast (`"contrast" : "high"`).
  public var highContrast: Bool
  /// The gamut the rendition is for, or `nil` for one rendition that serves every display.
  public var gamut: DisplayGamut?

  public init(
    idiom: Idiom = .universal, scale: Int = 1, appearance: Appearance = .any, highContrast: Bool = false,
    gamut: DisplayGamut? = nil
  ) {
    self.idiom = idiom
    self.scale = scale
    self.appearance = appearance
    self.highContrast = highContrast
    self.gamut = gamut
  }

  /// Xcode's order: idiom, then scale, then gamut, then appearance (any, light, dark) with high contrast after
  /// the plain appearances.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.sortKey.lexicographicallyPrecedes(rhs.sortKey)
  }

  private var sortKey: [Int] {
    let idiomRank = Idiom.allCases.firstIndex(of: idiom)!
    let gamutRank = gamut.map { DisplayGamut.allCases.firstIndex(of: $0)! + 1 } ?? 0
    let appearanceRank = Appearance.allCases.firstIndex(of: appearance)! + (highContrast ? 3 : 0)
    return [idiomRank, scale, gamutRank, appearanceRank]
  }

  /// The same slot without a gamut: renditions that differ only in gamut share it.
  public var withoutGamut: RenditionTraits {
    var copy = self
    copy.gamut = nil
    return copy
  }

  /// The file name of this rendition in its imageset, built from the asset name and the traits in one fixed
  /// token order: `Name[~idiom][~light|~dark][~hc][~p3|~srgb]@Nx.png`.
  public func fileName(assetName: String) -> String {
    var name = assetName
    if idiom != .universal { name += "~" + idiom.rawValue }
    if appearance != .any { name += "~" + appearance.rawValue }
    if highContrast { name += "~hc" }
    switch gamut {
    case .displayP3: name += "~p3"
    case .sRGB: name += "~srgb"
    case nil: break
    }
    return name + "@\(scale)x.png"
  }

  /// The `Contents.json` entry for a file in this slot.
  func contentsEntry(fileName: String) -> XcodeJSON {
    var entry: [String: XcodeJSON] = [
      "filename": .string(fileName),
      "idiom": .string(idiom.rawValue),
      "scale": .string("\(scale)x"),
    ]
    var appearances: [XcodeJSON] = []
    if appearance != .any {
      appearances.append(.object(["appearance": .string("luminosity"), "value": .string(appearance.rawValue)]))
    }
    if highContrast {
      appearances.append(.object(["appearance": .string("contrast"), "value": .string("high")]))
    }
    if !appearances.isEmpty { entry["appearances"] = .array(appearances) }
    if let gamut { entry["display-gamut"] = .string(gamut.rawValue) }
    return .object(entry)
  }
}
