/// The colors whose sRGB renderings may lie within CIEDE2000 1 of a given one, found without comparing every pair:
/// the renderings are kept in a grid over CIELAB, and a query visits only the cells such a small difference can
/// reach. ``ColorChecks/indistinctInSRGB(_:plans:mapping:)`` then compares just those, so 100,000 colors outside
/// sRGB cost a few comparisons each instead of 100,000.
///
/// The reach follows from CIEDE2000's weights, so that no pair below 1 is ever missed: with `S_L <= 1.75`,
/// `|dL| < 1.8`; the rotation term takes at most 87 % of the chroma and hue terms, and with `S_C >= S_H` and
/// `a' = (1 + G) a` (`G <= 0.5`), the distance in the a*b* plane stays below `3.1 (1 + 0.0675 C)`, where `C` is
/// the query's chroma.
struct SRGBMergeIndex {
  private struct Cell: Hashable {
    var l: Int, a: Int, b: Int
  }

  private static let lightnessStep = 2.0
  private static let chromaStep = 8.0
  private let labs: [CIELab?]
  private var cells: [Cell: [Int]] = [:]

  /// An index of `labs` (nil for a color without a value in the slot), queried by position.
  init(_ labs: [CIELab?]) {
    self.labs = labs
    for (index, lab) in labs.enumerated() {
      guard let lab else { continue }
      cells[Self.cell(lab), default: []].append(index)
    }
  }

  private static func cell(_ lab: CIELab) -> Cell {
    Cell(
      l: Int((lab.l / lightnessStep).rounded(.down)), a: Int((lab.a / chromaStep).rounded(.down)),
      b: Int((lab.b / chromaStep).rounded(.down)))
  }

  /// The positions of the colors whose renderings may lie within CIEDE2000 1 of `lab`, in no particular order, at
  /// most `limit` of them (so that a crowded neighbourhood costs no more than that).
  func candidates(near lab: CIELab, limit: Int) -> [Int] {
    let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
    let reach = 3.1 * (1 + 0.0675 * chroma)
    let low = Self.cell(CIELab(l: lab.l - 1.8, a: lab.a - reach, b: lab.b - reach))
    let high = Self.cell(CIELab(l: lab.l + 1.8, a: lab.a + reach, b: lab.b + reach))
    var found: [Int] = []
    for l in low.l...high.l {
      for a in low.a...high.a {
        for b in low.b...high.b {
          for index in cells[Cell(l: l, a: a, b: b)] ?? [] {
            guard let other = labs[index], abs(other.l - lab.l) < 1.8 else { continue }
            let da = other.a - lab.a
            let db = other.b - lab.b
            if da * da + db * db < reach * reach { found.append(index) }
            if found.count >= limit { return found }
          }
        }
      }
    }
    return found
  }
}
