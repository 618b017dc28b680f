extension IconBundleChecks {
  /// The largest SVG layer read.
  static let maxSVGBytes = 16 << 20

  /// The layer files: each named file present in `Assets/`, each file there used, and each used file readable,
  /// of the right size and color space (PNG) or simple (SVG).
  static func checkLayerFiles(_ findings: inout IconFindings, limits: PNGLimits) {
    let bundle = findings.bundle
    let present = Set(bundle.assets)
    var used: Set<String> = []
    for layer in findings.document.groups.flatMap(\.layers) {
      let property = layer["image-name"]
      for node in [property.plain].compactMap({ $0 }) + property.specializations.compactMap(\.value) {
        guard let name = node.string else { continue }
        if present.contains(name) {
          used.insert(name)
        } else {
          findings.add(
            .iconLayerMissing, .error, node: node,
            "\(layer.path("image-name")) names \"\(QuotedValue.excerpt(name))\", which is not in Assets/"
              + (bundle.hasAssetsFolder ? "" : " (the bundle has no Assets folder)"))
        }
      }
    }
    for name in bundle.assets where !used.contains(name) {
      findings.add(.iconAssetUnused, .warning, asset: name, "no layer of \(bundle.name).icon uses this file")
    }
    for name in used.sorted() {
      let lowered = name.lowercased()
      if lowered.hasSuffix(".png") {
        checkPNG(name, &findings, limits: limits)
      } else if lowered.hasSuffix(".svg") {
        checkSVG(name, &findings)
      } else {
        findings.add(.iconLayerUnreadable, .error, asset: name, "a layer file must be an SVG or a PNG")
      }
    }
  }

  /// The canvas sizes a PNG layer may have: 1024 pixels for square icons, 1088 for watchOS.
  static func canvasSizes(_ document: IconDocument) -> [Int] {
    let platforms = document.platforms
    var sizes = platforms.squares.isEmpty && !platforms.circles.isEmpty ? [] : [1024]
    if platforms.circles.contains("watchOS") { sizes.append(1088) }
    return sizes
  }

  private static func checkPNG(_ name: String, _ findings: inout IconFindings, limits: PNGLimits) {
    let inspection = FileInspection(path: findings.bundle.assetPath(name), limits: limits)
    if let error = inspection.error {
      findings.add(.iconLayerUnreadable, .error, asset: name, "not a readable PNG: \(error)")
      return
    }
    let sizes = canvasSizes(findings.document)
    if let width = inspection.width, let height = inspection.height, !(width == height && sizes.contains(width)) {
      findings.add(
        .iconLayerSize, .warning, asset: name,
        "the layer is \(width) × \(height) pixels; Icon Composer layers fill the "
          + sizes.map { "\($0) × \($0)" }.joined(separator: " or ") + " canvas")
    }
    if let space = inspection.colorSpace, space.source != "untagged",
      !["sRGB", "Display P3", "Gray"].contains(space.name)
    {
      findings.add(
        .iconLayerColorSpace, .warning, asset: name,
        "the layer is tagged \(space.name) (\(space.source)); Icon Composer takes sRGB, Display P3 or Gray")
    }
  }

  private static func checkSVG(_ name: String, _ findings: inout IconFindings) {
    let path = findings.bundle.assetPath(name)
    guard let status = try? FileStatus(path: path, followingLinks: true), status.size <= maxSVGBytes,
      let bytes = CatalogFiles.read(path)
    else {
      findings.add(.iconLayerUnreadable, .error, asset: name, "cannot be read (or is larger than \(maxSVGBytes) bytes)")
      return
    }
    let outline: XMLOutline
    do throws(XMLOutline.Error) {
      outline = try XMLOutline(bytes)
    } catch {
      findings.add(.iconLayerUnreadable, .error, asset: name, "not a readable SVG: \(error)")
      return
    }
    guard outline.rootLocalName == "svg" else {
      findings.add(.iconLayerUnreadable, .error, asset: name, "XML whose root is <\(outline.rootName)>, not <svg>")
      return
    }
    var found: [String] = []
    if !outline.elementNames.isDisjoint(with: ["text", "tspan", "textPath"]) { found.append("text") }
    if outline.elementNames.contains("image") { found.append("an embedded image") }
    if outline.elementNames.contains("filter") || outline.attributeNames.contains("filter")
      || String(decoding: bytes, as: UTF8.self).contains("filter:")
    {
      found.append("a filter")
    }
    if !found.isEmpty {
      findings.add(
        .iconSVGNotSimple, .warning, asset: name,
        "the layer has \(found.joined(separator: ", ")); the HIG asks for simple vector shapes (outline text, "
          + "draw images as shapes, let the system add effects)")
    }
  }
}
