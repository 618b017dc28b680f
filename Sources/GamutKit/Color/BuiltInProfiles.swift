/// The profiles gamut writes into its output PNGs: version 4.3, published primaries, D65 white, the sRGB curve
/// (parametric type 4: g 2.4, a 1/1.055, b 0.055/1.055, c 1/12.92, d 0.04045), built by ``ProfileFactory`` with fixed
/// bytes.
package enum BuiltInProfiles {
  /// sRGB (IEC 61966-2-1), described as "sRGB (gamut)".
  package static let sRGB = build(.sRGB, description: "sRGB (gamut)")
  /// Display P3, described as "Display P3 (gamut)".
  package static let displayP3 = build(.displayP3, description: "Display P3 (gamut)")

  /// Builds a built-in profile; the inputs are constants, so a failure is a programming error.
  static func build(_ primaries: ColorChunks.Chromaticities, description: String) -> ICCProfile {
    do {
      return try ProfileFactory.rgbProfile(primaries: primaries, transfer: .sRGB, description: description)
    } catch {
      fatalError("cannot build the built-in profile \(description): \(error)")
    }
  }
}
