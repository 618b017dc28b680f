/// What `gamut inspect X.icon` reports about a bundle: its platforms, compatibility class, groups and layers with
/// their files and what each appearance shows (visibility, opacity, fill, blend mode), every color with its space
/// and its distance from sRGB, and the findings of ``IconBundleChecks``.
///
/// Encoded as JSON by `gamut inspect --json`; docs/icon-composer.md documents the schema. Effective values are
/// resolved for each appearance without an idiom (``IconProperty/resolve(_:idiom:)``).
package struct IconInspection: Sendable, Codable {
  /// `supported-platforms`: `squares` (`shared` or platforms) and `circles`.
  package struct Platforms: Sendable, Codable, Equatable {
    package var squares: [String]
    package var circles: [String]
  }

  /// What an element shows in one appearance.
  package struct Look: Sendable, Codable, Equatable {
    /// Not hidden, at an opacity above 0 (and, for a layer, in a group that is visible).
    package var visible: Bool
    package var opacity: Double
    /// The fill in effect (`automatic`, `solid display-p3:…`…), nil when unset (a layer keeps its artwork's).
    package var fill: String?
    package var blendMode: String?
  }

  package struct Layer: Sendable, Codable {
    package var name: String?
    package var keyPath: String
    package var line: Int
    /// The file each appearance uses.
    package var files: PerAppearance<String?>
    package var looks: PerAppearance<Look>
  }

  package struct Group: Sendable, Codable {
    package var name: String?
    package var keyPath: String
    package var line: Int
    package var looks: PerAppearance<Look>
    package var layers: [Layer]
  }

  /// A color of a fill, wherever it is given.
  package struct Color: Sendable, Codable, Equatable {
    package var keyPath: String
    package var line: Int
    package var text: String
    package var space: String
    package var components: [Double]
    package var outsideSRGB: Bool
    /// CIEDE2000 between the color and its sRGB mapping, when it lies outside sRGB.
    package var deltaE2000: Double?
  }

  /// A list cut to its first ``maximumListed`` entries: its name (`groups`, `layers`, `colors`, `unknownKeys`,
  /// `findings`, `assets`) and how many the bundle has.
  package struct Cut: Sendable, Codable, Equatable {
    package var list: String
    package var count: Int
  }

  /// The most entries each list holds (layers counted over all groups), so that a document of 70,000 groups
  /// gives a short answer that says it was cut, not 28 MB.
  package static let maximumListed = 1000

  package var path: String
  package var name: String
  /// Why `icon.json` could not be read; most other fields are then empty.
  package var error: String?
  package var compatibility: IconCompatibility?
  package var platforms = Platforms(squares: [], circles: [])
  package var untaggedSVGColorSpace: String?
  /// The icon's background fill in each appearance.
  package var fill: PerAppearance<String?> = PerAppearance { _ in nil }
  package var groups: [Group] = []
  package var colors: [Color] = []
  /// Keys gamut does not know, as key paths (kept in the document as they are).
  package var unknownKeys: [String] = []
  /// The files in `Assets/`.
  package var assets: [String] = []
  package var findings: [Diagnostic]
  /// The lists cut to ``maximumListed`` entries; nil when none was.
  package var cut: [Cut]?

  /// Inspects and checks the bundle at `path`.
  package init(path: String, limits: PNGLimits = .default) {
    self.init(IconBundle(path: path), limits: limits)
  }

  /// Inspects and checks a bundle already read.
  package init(_ bundle: IconBundle, limits: PNGLimits = .default) {
    path = bundle.path
    name = bundle.name
    findings = IconBundleChecks.check(bundle, limits: limits)
    var cuts: [Cut] = []
    defer { cut = cuts.isEmpty ? nil : cuts }
    assets = Self.listed(bundle.assets, "assets", &cuts)
    // A cut list of findings keeps the errors and warnings first, so that the 1,000 shown say what matters.
    findings = Self.listed(
      findings.count > Self.maximumListed ? Self.bySeverity(findings) : findings, "findings", &cuts)
    guard let document = bundle.document else {
      error = bundle.problem.map { $0.line > 0 ? "line \($0.line): \($0.reason)" : $0.reason }
      return
    }
    compatibility = IconCompatibility(document)
    platforms = Platforms(squares: document.platforms.squares, circles: document.platforms.circles)
    untaggedSVGColorSpace = document.json["color-space-for-untagged-svg-colors"]?.shown
    fill = PerAppearance { appearance in Self.fillText(document, document.root, appearance) }
    groups = Self.groups(document, &cuts)
    colors = Self.listed(Self.colors(document), "colors", &cuts)
    let elements = [document.root] + document.groups.flatMap { [$0.element] + $0.layers }
    unknownKeys = Self.listed(
      elements.lazy.flatMap { element in element.unknownKeys.lazy.map { element.path($0.key) } }, "unknownKeys",
      &cuts)
  }

  /// `findings` with the errors first, then the warnings, then the notes, each in their order.
  private static func bySeverity(_ findings: [Diagnostic]) -> [Diagnostic] {
    [Diagnostic.Severity.error, .warning, .note].flatMap { severity in findings.filter { $0.severity == severity } }
  }

  /// The first ``maximumListed`` of `items`, and a cut for `list` when there are more.
  private static func listed<Items: Collection>(_ items: Items, _ list: String, _ cuts: inout [Cut]) -> [Items.Element]
  {
    let count = items.count
    if count > maximumListed { cuts.append(Cut(list: list, count: count)) }
    return Array(items.prefix(maximumListed))
  }

  /// The first groups, with at most ``maximumListed`` layers among them; a cut for each list that was cut.
  private static func groups(_ document: IconDocument, _ cuts: inout [Cut]) -> [Group] {
    var budget = maximumListed
    let groups = listed(document.groups, "groups", &cuts).map { group in
      let listed = group.layers.prefix(budget)
      budget -= listed.count
      return Self.group(group, layers: listed, document)
    }
    let layerCount = document.groups.reduce(0) { $0 + $1.layers.count }
    if layerCount > groups.reduce(0, { $0 + $1.layers.count }) {
      cuts.append(Cut(list: "layers", count: layerCount))
    }
    return groups
  }

  private static func group(
    _ group: IconDocument.Group, layers listed: ArraySlice<IconElement>, _ document: IconDocument
  ) -> Group {
    let element = group.element
    let looks = PerAppearance { look(element, document, $0, parentVisible: true) }
    let layers = listed.map { layer in
      Layer(
        name: layer["name"].plain?.string, keyPath: layer.keyPath, line: layer.node.line,
        files: PerAppearance { document.value(layer, "image-name", $0)?.string },
        looks: PerAppearance { look(layer, document, $0, parentVisible: looks[$0].visible) })
    }
    return Group(
      name: element["name"].plain?.string, keyPath: element.keyPath, line: element.node.line, looks: looks,
      layers: layers)
  }

  private static func look(
    _ element: IconElement, _ document: IconDocument, _ appearance: IconAppearance, parentVisible: Bool
  ) -> Look {
    let opacity = document.opacity(element, appearance)
    return Look(
      visible: parentVisible && !document.isHidden(element, appearance) && opacity > 0, opacity: opacity,
      fill: fillText(document, element, appearance),
      blendMode: document.value(element, "blend-mode", appearance)?.string)
  }

  /// The fill of `element` in `appearance` as one line, nil when unset.
  static func fillText(_ document: IconDocument, _ element: IconElement, _ appearance: IconAppearance) -> String? {
    guard let node = document.value(element, "fill", appearance) else { return nil }
    return IconFill(node)?.summary ?? node.shown
  }

  /// Every valid color of every fill, in document order.
  private static func colors(_ document: IconDocument) -> [Color] {
    var colors: [Color] = []
    for element in [document.root] + document.groups.flatMap({ [$0.element] + $0.layers }) {
      let property = element["fill"]
      for fill in [property.plain].compactMap({ $0 }) + property.specializations.compactMap(\.value) {
        for node in IconBundleChecks.colorNodes(fill) {
          guard let color = node.string.flatMap(IconColor.init) else { continue }
          colors.append(
            Color(
              keyPath: element.path("fill"), line: node.line, text: color.text, space: color.space,
              components: color.components, outsideSRGB: color.isOutsideSRGB,
              deltaE2000: color.isOutsideSRGB ? (color.mappingDeltaE2000 * 100).rounded() / 100 : nil))
        }
      }
    }
    return colors.sorted { $0.line < $1.line }
  }
}
