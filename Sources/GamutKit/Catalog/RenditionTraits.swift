/// The slot of one image inside an imageset: device idiom, scale, appearance, contrast and display gamut.
///
/// Two renditions of one asset must differ in at least one trait; the traits decide the entry that
/// `Contents.json` gets and the order Xcode lists it in.
public struct RenditionTraits: Hashable, Sendable, Codable, Comparable {
  /// Device families, in the order Xcode lists them: universal, iphone, ipad, car, watch, tv, mac (Xcode-written
  /// sets in `Tests/Fixtures/testdata/xcode`), then vision, which no Xcode-written file there shows beside another idiom.
  public enum Idiom: String, CaseIterable, Sendable, Codable {
    case universal, iphone, ipad, car, watch, tv, mac, vision

    /// The scales Xcode's image-set template gives this idiom: the slots it lists, filled or empty.
    public var scales: [Int] {
      switch self {
      case .universal, .iphone: [1, 2, 3]
      case .ipad, .tv, .mac: [1, 2]
      case .car: [2, 3]
      case .watch, .vision: [2]
      }
    }
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
  /// 1, 2 or 3, or ``singleScale`` (0) for a rendition that serves every scale (a vector, or a PNG of a
  /// single-scale set): its entry has no `scale` key.
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

  /// The `scale` of a single-scale rendition.
  public static let singleScale = 0

  /// Whether the rendition serves every scale (no `scale` key).
  public var isSingleScale: Bool { scale == Self.singleScale }

  /// `2x`, or `single` for a single-scale rendition: the manifest's and the messages' spelling.
  public var scaleName: String { isSingleScale ? "single" : "\(scale)x" }

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
  /// token order: `Name[~idiom][~light|~dark][~hc][~p3|~srgb]@Nx.png`, without `@Nx` for a single-scale
  /// rendition, and with the source's extension (`pdf`, `svg`) for a vector copied as it is.
  package func fileName(assetName: String, extension: String = "png") -> String {
    var name = assetName
    if idiom != .universal { name += "~" + idiom.rawValue }
    if appearance != .any { name += "~" + appearance.rawValue }
    if highContrast { name += "~hc" }
    switch gamut {
    case .displayP3: name += "~p3"
    case .sRGB: name += "~srgb"
    case nil: break
    }
    return name + (isSingleScale ? "" : "@\(scale)x") + "." + `extension`
  }

  /// The `Contents.json` entry for a file in this slot, or for the empty slot when `fileName` is nil.
  func contentsEntry(fileName: String?) -> XcodeJSON {
    var entry: [String: XcodeJSON] = ["idiom": .string(idiom.rawValue)]
    if let fileName { entry["filename"] = .string(fileName) }
    if !isSingleScale { entry["scale"] = .string("\(scale)x") }
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
