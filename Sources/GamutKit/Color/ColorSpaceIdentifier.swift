import Foundation

/// Identifies a profile's color space from its colorants and curves.
///
/// Rules:
/// - Primaries match a reference set when every xy differs by at most ``primariesTolerance``, compared either as the
///   PCS (D50-adapted) colorants against the reference adapted to D50 with Bradford, or as the native primaries and
///   white (chromatic adaptation undone) against the published values. The PCS comparison tells DCI-P3 (DCI
///   white) from Display P3 (D65) even when a profile's white tags are unhelpful.
/// - Curves match when, over encoded values 0.06...1, the curve's output re-encoded with the reference curve is
///   within ``curveTolerance`` of the input (about 0.8 of an 8-bit step). All three channels must agree.
/// - Lookup-table profiles are evaluated through a relative colorimetric transform (black subtracted); their
///   tolerances are looser (``lutPrimariesTolerance``, ``lutCurveTolerance``) since a perceptual table is only close.
enum ColorSpaceIdentifier {
  /// xy tolerance for colorants: s15Fixed16 rounding and adaptation variants stay well under 0.001; the closest
  /// distinct sets (Display P3 and DCI-P3 adapted to D50) differ by more than 0.005.
  static let primariesTolerance = 0.002
  /// Encoded-value tolerance for TRC curves (sRGB and gamma 2.2 differ by up to 0.03 there).
  static let curveTolerance = 0.003
  /// xy tolerance for primaries measured through a lookup table.
  static let lutPrimariesTolerance = 0.006
  /// Encoded-value tolerance for a curve measured through a lookup table.
  static let lutCurveTolerance = 0.012

  /// A named set of primaries and white and the curves that make it a known space.
  private struct Reference: Sendable {
    var name: String
    var chromaticities: ColorChunks.Chromaticities
    /// What the curve should be, for the note when it is not.
    var expectedCurve: String
    var space: @Sendable (TransferCurve) -> KnownColorSpace?
  }

  private static func isGamma(_ curve: TransferCurve, _ value: Double, within tolerance: Double) -> Bool {
    if case .gamma(let g) = curve { return abs(g - value) <= tolerance }
    return false
  }

  private static let references: [Reference] = [
    Reference(
      name: "sRGB", chromaticities: .sRGB,
      expectedCurve: "sRGB's sRGB curve, or Rec. 709's BT.709 or gamma 2.4 curve"
    ) { curve in
      if curve == .sRGB { return .sRGB }
      return curve == .bt709 || isGamma(curve, 2.4, within: 0.02) ? .rec709 : nil
    },
    Reference(name: "Display P3", chromaticities: .displayP3, expectedCurve: "Display P3's sRGB curve") {
      $0 == .sRGB ? .displayP3 : nil
    },
    Reference(name: "DCI-P3", chromaticities: .dciP3, expectedCurve: "DCI-P3's gamma 2.6") {
      isGamma($0, 2.6, within: 0.02) ? .dciP3 : nil
    },
    Reference(name: "Adobe RGB (1998)", chromaticities: .adobeRGB, expectedCurve: "Adobe RGB's gamma 2.2") {
      isGamma($0, 2.2, within: 0.01) ? .adobeRGB : nil
    },
    Reference(name: "Rec. 2020", chromaticities: .rec2020, expectedCurve: "Rec. 2020's BT.709 or gamma 2.4 curve") {
      $0 == .bt709 || isGamma($0, 2.4, within: 0.02) ? .rec2020 : nil
    },
    Reference(name: "ProPhoto RGB", chromaticities: .proPhoto, expectedCurve: "ProPhoto's gamma 1.8") {
      isGamma($0, 1.8, within: 0.01) ? .proPhoto : nil
    },
  ]

  static func identify(
    _ info: ProfileInfo, measurements: ProfileInspector.Measurements
  ) -> ColorSpaceIdentification {
    switch info.colorSpace {
    case "GRAY": identifyGray(info, measurements: measurements)
    case "RGB": identifyRGB(info, measurements: measurements)
    default:
      ColorSpaceIdentification(
        space: .unknown, transfer: nil, primaries: nil,
        notes: ["\(info.colorSpace) data is not RGB or gray"])
    }
  }

  private static func identifyGray(
    _ info: ProfileInfo, measurements: ProfileInspector.Measurements
  ) -> ColorSpaceIdentification {
    guard info.model == .grayTRC, let samples = measurements.curves.first else {
      return ColorSpaceIdentification(
        space: .unknown, transfer: nil, primaries: nil, notes: ["gray profile without a gray TRC"])
    }
    let transfer = TransferCurve.classify(samples, tolerance: curveTolerance)
    let notes = transfer == nil ? ["the gray curve is not the sRGB curve, the BT.709 curve or a pure gamma"] : []
    return ColorSpaceIdentification(space: .gray, transfer: transfer, primaries: nil, notes: notes)
  }

  private static func identifyRGB(
    _ info: ProfileInfo, measurements: ProfileInspector.Measurements
  ) -> ColorSpaceIdentification {
    var notes: [String] = []
    let pcs: [ProfileInfo.XYZ]
    var native: [ProfileInfo.Chromaticity?] = []
    let primariesTolerance: Double
    let transfer: TransferCurve?
    if info.model == .matrixTRC, let colorants = info.colorants {
      let all = [colorants.red, colorants.green, colorants.blue]
      pcs = all.map(\.pcs)
      native = all.map(\.chromaticity) + [info.whiteChromaticity]
      primariesTolerance = Self.primariesTolerance
      let curves = measurements.curves.map { TransferCurve.classify($0, tolerance: curveTolerance) }
      if Set(curves.map { $0.map(String.init(describing:)) ?? "custom" }).count > 1 {
        notes.append("the red, green and blue curves differ")
        transfer = nil
      } else {
        transfer = curves.first ?? nil
      }
    } else if let measured = measurements.measuredPrimaries, let ramp = measurements.curves.first {
      pcs = measured
      primariesTolerance = lutPrimariesTolerance
      transfer = TransferCurve.classify(ramp, tolerance: lutCurveTolerance)
      notes.append("LUT-based profile: identified by evaluating its relative colorimetric transform")
    } else {
      return ColorSpaceIdentification(
        space: .unknown, transfer: nil, primaries: nil,
        notes: ["RGB profile without colorants and curves, whose lookup tables could not be evaluated"])
    }

    guard let reference = references.first(where: { matches($0, pcs: pcs, native: native, primariesTolerance) })
    else {
      let points = (native.isEmpty ? pcs.map(\.chromaticity) : native).compactMap { $0 }
      let text = points.map { "(\(format($0.x)), \(format($0.y)))" }.joined(separator: " ")
      notes.append("primaries match no known color space: \(text)")
      return ColorSpaceIdentification(space: .unknown, transfer: transfer, primaries: nil, notes: notes)
    }
    if let transfer, let space = reference.space(transfer) {
      return ColorSpaceIdentification(space: space, transfer: transfer, primaries: reference.name, notes: notes)
    }
    let curveText = transfer.map { "a \($0) curve" } ?? "a custom curve"
    notes.append("\(reference.name) primaries with \(curveText) (not \(reference.expectedCurve))")
    return ColorSpaceIdentification(space: .unknown, transfer: transfer, primaries: reference.name, notes: notes)
  }

  private static func matches(
    _ reference: Reference, pcs: [ProfileInfo.XYZ], native: [ProfileInfo.Chromaticity?], _ tolerance: Double
  ) -> Bool {
    func close(_ a: [ProfileInfo.Chromaticity?], _ b: [ProfileInfo.Chromaticity?]) -> Bool {
      a.count == b.count
        && zip(a, b).allSatisfy { pair in
          guard let p = pair.0, let q = pair.1 else { return false }
          return abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
        }
    }
    let referencePCS = reference.chromaticities.pcsColorants?.map(\.chromaticity) ?? []
    if close(pcs.map(\.chromaticity), referencePCS) { return true }
    return !native.isEmpty && close(native, reference.chromaticities.points)
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.4f", value)
  }
}
