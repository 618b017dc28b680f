/// What every fix of one run shares: the codes asked for, the options from `gamut.yml` (conversion, limits,
/// compression, thresholds), and the converter whose routes the build uses.
struct FixContext: Sendable {
  var selection: FixSelection
  var options: BuildOptions
  var converter: ColorConverter

  init(selection: FixSelection, options: BuildOptions) {
    self.selection = selection
    self.options = options
    converter = ColorConverter(options: options.conversion)
  }

  /// Whether any pixel of `image` lies outside sRGB, read a strip at a time until the first one that does.
  func leavesSRGB(_ image: LintImage) -> Bool {
    guard let reader = try? image.rows(),
      let route = try? converter.route(for: reader.colorChunks, layout: reader.layout, to: .sRGB)
    else { return false }
    let (width, height) = (reader.header.width, reader.header.height)
    let stripRows = max(1, PNGRowReader.stripPixels / max(width, 1))
    while reader.rowsRead < height {
      let first = reader.rowsRead
      guard let rows = try? reader.readRows(min(stripRows, height - first)) else { return false }
      let measured = route.convertMeasuring(rows, firstRow: first)
      if measured.staysInGamut { return false }
      if measured.outOfGamut.contains(true) { return true }
    }
    return false
  }

  /// What a file made by `product` is, in the report's words.
  func describe(_ product: SetFixPlan.Product, space: String) -> String {
    switch product {
    case .converted(let from, .sRGB):
      "sRGB 8-bit, converted from \(from) (\(space))"
        + (space == "sRGB" ? "" : ", colors outside sRGB mapped in (\(options.conversion.gamutMapping.rawValue))")
    case .converted(let from, .displayP3): "Display P3 16-bit, converted from \(from) (\(space))"
    case .eightBit(let from): "8-bit with the same pixels and color information as the 16-bit \(from)"
    }
  }
}
