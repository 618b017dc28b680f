import Foundation
import GamutKit

/// The human-readable form of a ``CheckRecord``.
enum CheckText {
  static func render(_ record: CheckRecord) -> String {
    guard let verdict = record.verdict else { return "\(record.path): could not be checked\n" }
    var lines = ["\(record.path): \(verdict.rawValue)"]
    func field(_ name: String, _ value: String) {
      lines.append("  " + (name + ":").padding(toLength: 19, withPad: " ", startingAt: 0) + value)
    }
    field("color space", record.colorSpace ?? "?")
    for warning in record.colorSpaceWarnings ?? [] { field("warning", warning) }
    field(
      "outside sRGB",
      percent(record.outOfGamutFraction ?? 0) + " of visible pixels; "
        + percent(record.visiblyChangedFraction ?? 0) + " change visibly (ΔE2000 > 1)")
    if let shift = record.deltaE2000 {
      field(
        "ΔE2000 to sRGB",
        "max \(number(shift.max)), p99 \(number(shift.p99)); above 1: \(percent(shift.fractionAbove1)), "
          + "above 2: \(percent(shift.fractionAbove2)), above 5: \(percent(shift.fractionAbove5))")
    }
    if let plateaus = record.plateaus {
      field(
        "clipping plateaus",
        "\(plateaus.count), longest \(plateaus.longest) px, \(percent(plateaus.fraction)) of pixels, up to ΔE "
          + "\(number(plateaus.largestSourceDeltaE)) flattened into one color")
    }
    if let lost = record.lostDistinctions {
      if (record.outOfGamutFraction ?? 0) == 0 {
        field("lost distinctions", "none: no visible pixel is outside sRGB")
      } else if lost.eligiblePairs == 0 {
        field(
          "lost distinctions",
          "none measurable: no neighbouring pixels (1 to 8 apart) touching a clipped one differ visibly in the "
            + "source (on a smooth gradient, clipping shows as plateaus)")
      } else {
        field(
          "lost distinctions",
          "\(percent(lost.fraction)) of neighbour pairs; \(percent(lost.contrastRetention)) of local contrast kept "
            + "over the \(lost.eligiblePairs) pairs that differ visibly in the source")
      }
    }
    for reason in record.reasons ?? [] { field("why", reason) }
    if let map = record.map { field("map", map) }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func percent(_ share: Double) -> String { String(format: "%.2f%%", share * 100) }
  private static func number(_ value: Double) -> String { String(format: "%.2f", value) }
}
