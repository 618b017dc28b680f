/// A matrix/TRC RGB space: three tone curves to linear light and a matrix from linear RGB to ICC PCS XYZ (D50).
///
/// This is the model of an ICC matrix/TRC profile (`rTRC`/`gTRC`/`bTRC` and the `rXYZ`/`gXYZ`/`bXYZ` columns),
/// and of the published spaces built from their primaries.
struct RGBColorSpace: Sendable, Equatable, Codable {
  /// A short human-readable name.
  var name: String
  /// Linear RGB to XYZ relative to the ICC D50 illuminant (white maps to about `ChromaticAdaptation.pcsWhite`).
  var toXYZD50: Matrix3
  /// The red, green and blue decoding curves (encoded value to linear light).
  var curves: [ToneCurve]

  /// Creates a space from a PCS matrix and three curves (red, green, blue), as an ICC profile stores them.
  init(name: String, toXYZD50: Matrix3, curves: [ToneCurve]) {
    precondition(curves.count == 3, "an RGB space has three curves")
    self.name = name
    self.toXYZD50 = toXYZD50
    self.curves = curves
  }

  /// Creates a space from primaries and white (adapted to D50 with Bradford) and one curve for all channels.
  /// Returns `nil` for degenerate primaries.
  init?(name: String, primaries: RGBPrimaries, curve: ToneCurve) {
    guard let matrix = primaries.toXYZD50 else { return nil }
    self.init(name: name, toXYZD50: matrix, curves: [curve, curve, curve])
  }

  /// Builds one of the published spaces below; their primaries are never degenerate.
  private static func published(_ name: String, _ primaries: RGBPrimaries, _ curve: ToneCurve) -> RGBColorSpace {
    RGBColorSpace(name: name, primaries: primaries, curve: curve)!
  }

  /// IEC 61966-2.1 sRGB.
  static let sRGB = published("sRGB", .rec709, .sRGB)
  /// sRGB primaries with linear curves.
  static let linearSRGB = published("Linear sRGB", .rec709, .linear)
  /// ITU-R BT.709 primaries with the inverse BT.709 OETF as decoding curve.
  static let rec709 = published("Rec. 709", .rec709, .bt709)
  /// Display P3: P3 primaries, D65 white, sRGB curve.
  static let displayP3 = published("Display P3", .displayP3, .sRGB)
  /// DCI-P3: P3 primaries, DCI white, gamma 2.6.
  static let dciP3 = published("DCI-P3", .dciP3, .gamma26)
  /// Adobe RGB (1998): gamma 563/256.
  static let adobeRGB = published("Adobe RGB (1998)", .adobeRGB, .adobeRGB)
  /// ITU-R BT.2020 with the inverse BT.709/BT.2020 OETF as decoding curve.
  static let rec2020 = published("Rec. 2020", .rec2020, .bt709)
  /// ProPhoto (ROMM RGB): D50 primaries, gamma 1.8 with the ROMM linear toe.
  static let proPhoto = published("ProPhoto RGB", .proPhoto, .proPhoto)
}
