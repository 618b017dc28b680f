/// Which Xcode can compile an icon, from what its `icon.json` uses (docs/icon-composer.md says where each rule
/// comes from).
package struct IconCompatibility: Sendable, Codable, Equatable {
  /// The classes, from the most compatible.
  package enum Level: String, Sendable, Codable, Comparable {
    /// Only what Icon Composer 1 writes: works with Xcode 26.
    case xcode26 = "works-with-xcode-26"
    /// `features` or `refractivity`, which Icon Composer 2 writes: needs Icon Composer 2 / Xcode 27.
    case needsXcode27 = "needs-icon-composer-2"
    /// A string `specular` (a boolean in Icon Composer 1): Xcode 26's `actool` is known to crash on it.
    case crashesActool26 = "crashes-actool-26"

    private var rank: Int {
      switch self {
      case .xcode26: 0
      case .needsXcode27: 1
      case .crashesActool26: 2
      }
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// How `gamut inspect` says it.
    package var phrase: String {
      switch self {
      case .xcode26: "works with Xcode 26"
      case .needsXcode27: "needs Icon Composer 2 / Xcode 27"
      case .crashesActool26: "known to crash Xcode 26's actool (needs Icon Composer 2 / Xcode 27)"
      }
    }
  }

  /// One use that decides the class: where (key path and line) and what (the key and its value as written).
  package struct Reason: Sendable, Codable, Equatable {
    package var level: Level
    package var keyPath: String
    package var line: Int
    package var what: String
  }

  package var level: Level
  package var reasons: [Reason]

  /// The class of `document`: the worst level among its uses of Icon Composer 2 features.
  package init(_ document: IconDocument) {
    var reasons: [Reason] = []
    if let features = document.json["features"] {
      reasons.append(
        Reason(level: .needsXcode27, keyPath: "features", line: features.line, what: "features \(features.shown)"))
    }
    for group in document.groups {
      let element = group.element
      let refractivity = element["refractivity"]
      if let node = refractivity.plain ?? refractivity.specializationsNode {
        reasons.append(
          Reason(
            level: .needsXcode27, keyPath: element.path("refractivity"), line: node.line,
            what: "refractivity \(node.shown)"))
      }
      let specular = element["specular"]
      for node in [specular.plain].compactMap({ $0 }) + specular.specializations.compactMap(\.value)
      where node.kind == .string {
        reasons.append(
          Reason(
            level: .crashesActool26, keyPath: element.path("specular"), line: node.line,
            what: "specular \(node.shown) (a string; Icon Composer 1 writes a boolean)"))
      }
    }
    self.reasons = reasons
    level = reasons.map(\.level).max() ?? .xcode26
  }
}
