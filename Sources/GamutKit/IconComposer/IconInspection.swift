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

  /// Inspects and checks the bundle at `path`.
  package init(path: String, limits: PNGLimits = .default) {
    let bundle = IconBundle(path: path)
    self.path = path
    name = bundle.name
    assets = bundle.assets
    findings = IconBundleChecks.check(bundle, limits: limits)
    guard let document = bundle.document else {
      error = bundle.problem.map { $0.line > 0 ? "line \($0.line): \($0.reason)" : $0.reason }
      return
    }
    let json = document.json
    compatibility = IconCompatibility(document)
    platforms = Platforms(squares: document.platforms.squares, circles: document.platforms.circles)
    untaggedSVGColorSpace = json.member(json.root, "color-space-for-untagged-svg-colors").map { json.compactText($0) }
    fill = PerAppearance { appearance in Self.fillText(document, document.root, appearance) }
    groups = document.groups.map { Self.group($0, document) }
    colors = Self.colors(document)
    unknownKeys = ([document.root] + document.groups.flatMap { [$0.element] + $0.layers }).flatMap { element in
      element.unknownKeys.map { element.path($0.key) }
    }
  }

  private static func group(_ group: IconDocument.Group, _ document: IconDocument) -> Group {
    let element = group.element
    let looks = PerAppearance { look(element, document, $0, parentVisible: true) }
    let layers = group.layers.map { layer in
      Layer(
        name: layer["name"].plain.flatMap(document.json.string), keyPath: layer.keyPath,
        line: document.line(layer.node),
        files: PerAppearance { document.value(layer, "image-name", $0).flatMap(document.json.string) },
        looks: PerAppearance { look(layer, document, $0, parentVisible: looks[$0].visible) })
    }
    return Group(
      name: element["name"].plain.flatMap(document.json.string), keyPath: element.keyPath,
      line: document.line(element.node), looks: looks, layers: layers)
  }

  private static func look(
    _ element: IconElement, _ document: IconDocument, _ appearance: IconAppearance, parentVisible: Bool
  ) -> Look {
    let opacity = document.opacity(element, appearance)
    return Look(
      visible: parentVisible && !document.isHidden(element, appearance) && opacity > 0, opacity: opacity,
      fill: fillText(document, element, appearance),
      blendMode: document.value(element, "blend-mode", appearance).flatMap(document.json.string))
  }

  /// The fill of `element` in `appearance` as one line, nil when unset.
  static func fillText(_ document: IconDocument, _ element: IconElement, _ appearance: IconAppearance) -> String? {
    guard let node = document.value(element, "fill", appearance) else { return nil }
    return IconFill(document.json, node: node)?.summary ?? document.json.compactText(node)
  }

  /// Every valid color of every fill, in document order.
  private static func colors(_ document: IconDocument) -> [Color] {
    let json = document.json
    var colors: [Color] = []
    for element in [document.root] + document.groups.flatMap({ [$0.element] + $0.layers }) {
      let property = element["fill"]
      for fill in [property.plain].compactMap({ $0 }) + property.specializations.compactMap(\.value) {
        for node in IconBundleChecks.colorNodes(fill, json) {
          guard let color = json.string(node).flatMap(IconColor.init) else { continue }
          colors.append(
            Color(
              keyPath: element.path("fill"), line: document.line(node), text: color.text, space: color.space,
              components: color.components, outsideSRGB: color.isOutsideSRGB,
              deltaE2000: color.isOutsideSRGB ? (color.mappingDeltaE2000 * 100).rounded() / 100 : nil))
        }
      }
    }
    return colors.sorted { $0.line < $1.line }
  }
}
