import Foundation
import GamutKit

/// The human-readable form of a ``FileInspection``.
enum InspectionText {
  /// One `name: value` line of an inspection, the value aligned after the name.
  static func field(_ name: String, _ value: String) -> String {
    "  " + (name + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value
  }

  static func render(_ inspection: FileInspection) -> String {
    var lines = [inspection.path]
    func field(_ name: String, _ value: String) { lines.append(InspectionText.field(name, value)) }
    if let error = inspection.error {
      field("error", error)
      return lines.joined(separator: "\n") + "\n"
    }
    field("size", "\(inspection.width ?? 0) x \(inspection.height ?? 0)")
    field("bit depth", "\(inspection.bitDepth ?? 0)")
    field("color type", inspection.colorType ?? "?")
    field("interlace", inspection.interlaced == true ? "Adam7" : "none")
    field("alpha", inspection.alpha == true ? "yes" : "no")
    if let chunks = inspection.chunks {
      field("color chunks", chunks.present.isEmpty ? "none" : describe(chunks))
    }
    if let space = inspection.colorSpace {
      let origin = space.source == "untagged" ? "untagged" : "decided by \(space.source)"
      field("color space", "\(space.name) (\(origin))" + (space.convertible ? "" : "; gamut cannot convert it"))
      for warning in space.warnings { field("warning", warning) }
      for note in space.notes { field("note", note) }
    }
    if let profile = inspection.profile { lines += profileLines(profile) }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func describe(_ chunks: FileInspection.Chunks) -> String {
    var parts: [String] = []
    if let cicp = chunks.cicp {
      parts.append(
        "cICP (primaries \(cicp.colorPrimaries), transfer \(cicp.transferFunction), matrix "
          + "\(cicp.matrixCoefficients), \(cicp.fullRange ? "full" : "narrow") range)")
    }
    if let name = chunks.iccProfileName {
      parts.append("iCCP (\"\(name)\", \(chunks.iccProfileBytes ?? 0) bytes)")
    } else if let problem = chunks.iccProfileProblem {
      parts.append("iCCP (unreadable: \(problem))")
    }
    if let intent = chunks.sRGBIntent { parts.append("sRGB (intent \(intent))") }
    if let gamma = chunks.gamma { parts.append("gAMA (\(format(gamma, digits: 5)))") }
    if let c = chunks.chromaticities {
      parts.append(
        "cHRM (white \(format(c.whiteX)),\(format(c.whiteY)) red \(format(c.redX)),\(format(c.redY)) green "
          + "\(format(c.greenX)),\(format(c.greenY)) blue \(format(c.blueX)),\(format(c.blueY)))")
    }
    return parts.joined(separator: ", ")
  }

  private static func profileLines(_ profile: ProfileInfo) -> [String] {
    var lines = ["  profile:"]
    func field(_ name: String, _ value: String) {
      lines.append("    " + (name + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value)
    }
    if let description = profile.description { field("description", description) }
    if let copyright = profile.copyright { field("copyright", copyright) }
    field("version", profile.version)
    field("class", "\(profile.deviceClass) (\(profile.deviceClassSignature))")
    field("data -> PCS", "\(profile.colorSpace) -> \(profile.pcs)")
    field("model", profile.model.rawValue)
    field("intent", profile.renderingIntentName)
    if let white = profile.mediaWhitePoint {
      field("white point", "XYZ \(format(white.x)) \(format(white.y)) \(format(white.z))")
    }
    if let colorants = profile.colorants {
      let named = [("red", colorants.red), ("green", colorants.green), ("blue", colorants.blue)]
      let xy = named.compactMap { name, colorant in
        colorant.chromaticity.map { "\(name) \(format($0.x)),\(format($0.y))" }
      }
      field("primaries", xy.joined(separator: "  "))
    }
    for (index, curve) in profile.curves.enumerated() {
      let label = profile.curves.count == 1 ? "curve" : ["red curve", "green curve", "blue curve"][min(index, 2)]
      switch curve {
      case .parametric(let type, let parameters, let gamma):
        field(
          label,
          "parametric type \(type) (\(parameters.map { format($0, digits: 5) }.joined(separator: ", ")))"
            + (gamma.map { ", gamma ~\(format($0, digits: 2))" } ?? ""))
      case .table(let entries, let gamma):
        field(label, "table of \(entries) entries" + (gamma.map { ", gamma ~\(format($0, digits: 2))" } ?? ""))
      }
    }
    if !profile.lutTags.isEmpty { field("LUT tags", profile.lutTags.joined(separator: ", ")) }
    return lines
  }

  static func format(_ value: Double, digits: Int = 4) -> String {
    String(format: "%.\(digits)f", value)
  }
}
