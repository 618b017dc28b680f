import Foundation
import GamutKit

/// The human-readable form of an ``IconInspection``: the bundle, its class and platforms, a table per group of
/// what each appearance shows, the colors, and the findings.
enum IconInspectionText {
  static func render(_ inspection: IconInspection) -> String {
    var lines = [inspection.path]
    func field(_ name: String, _ value: String) { lines.append(InspectionText.field(name, value)) }
    if let error = inspection.error {
      field("error", error)
      return lines.joined(separator: "\n") + "\n"
    }
    if let compatibility = inspection.compatibility {
      field("compatible", compatibility.level.phrase)
      for reason in compatibility.reasons {
        field("because", "\(reason.keyPath) (line \(reason.line)): \(reason.what)")
      }
    }
    let platforms = inspection.platforms
    field("platforms", "squares: \(list(platforms.squares)); circles: \(list(platforms.circles))")
    if let space = inspection.untaggedSVGColorSpace { field("untagged SVG", space) }
    field("assets", list(inspection.assets))
    field("fill", appearances(inspection.fill.map { $0 ?? "unset" }))
    for group in inspection.groups {
      lines.append("  group \(group.name ?? "(unnamed)") (\(group.keyPath), line \(group.line))")
      lines.append("    " + look(group.looks))
      for layer in group.layers {
        let files = Set([layer.files.light, layer.files.dark, layer.files.tinted].map { $0 ?? "none" })
        let file =
          files.count == 1 ? files.first! : appearances(layer.files.map { $0 ?? "none" })
        lines.append("    layer \(layer.name ?? "(unnamed)") (line \(layer.line)): \(file)")
        lines.append("      " + look(layer.looks))
      }
    }
    for color in inspection.colors {
      let gamut =
        color.outsideSRGB
        ? "outside sRGB, ΔE2000 \(String(format: "%.2f", color.deltaE2000 ?? 0)) mapped" : "inside sRGB"
      field("color", "\(color.text) (\(color.space), line \(color.line), \(color.keyPath)): \(gamut)")
    }
    for key in inspection.unknownKeys { field("unknown key", key) }
    field("findings", inspection.findings.isEmpty ? "none" : "\(inspection.findings.count)")
    for finding in inspection.findings { lines.append("    " + finding.description + " [\(finding.code)]") }
    for cut in inspection.cut ?? [] {
      field("cut", "only the first \(IconInspection.maximumListed) of \(cut.count) \(cut.list) are listed")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }

  private static func appearances(_ values: PerAppearance<String>) -> String {
    "light \(values.light) | dark \(values.dark) | tinted \(values.tinted)"
  }

  /// `light: shown 100 % fill … | dark: hidden | …`
  private static func look(_ looks: PerAppearance<IconInspection.Look>) -> String {
    IconAppearance.allCases.map { appearance in
      let look = looks[appearance]
      guard look.visible else { return "\(appearance.rawValue): hidden" }
      var text = "\(appearance.rawValue): shown"
      if look.opacity != 1 { text += " opacity \(look.opacity)" }
      if let fill = look.fill { text += ", fill \(fill)" }
      if let mode = look.blendMode, mode != "normal" { text += ", \(mode)" }
      return text
    }.joined(separator: " | ")
  }
}
