/// The color spaces gamut recognises in a profile, by colorants and curves.
package enum KnownColorSpace: String, Sendable, Codable, CaseIterable {
  /// sRGB primaries, D65, the sRGB curve.
  case sRGB = "sRGB"
  /// P3 primaries, D65, the sRGB curve.
  case displayP3 = "Display P3"
  /// P3 primaries, the DCI white (0.314, 0.351), gamma 2.6.
  case dciP3 = "DCI-P3"
  /// Adobe RGB (1998) primaries, D65, gamma 2.2 (563/256).
  case adobeRGB = "Adobe RGB (1998)"
  /// BT.709 (= sRGB) primaries, D65, the BT.709 curve or BT.1886's gamma 2.4.
  case rec709 = "Rec. 709"
  /// BT.2020 primaries, D65, the BT.709/BT.2020 curve or BT.1886's gamma 2.4.
  case rec2020 = "Rec. 2020"
  /// ROMM primaries, D50, gamma 1.8 (with or without ROMM's linear toe).
  case proPhoto = "ProPhoto RGB"
  /// A gray profile with a kTRC (any recognised curve).
  case gray = "Gray"
  /// None of the above.
  case unknown = "unknown"
}
