internal import CLCMS2

/// The ICC rendering intent of a conversion.
///
/// Matrix/TRC profiles (sRGB, Display P3, Adobe RGB, Rec. 2020 and most artwork profiles) have one colorimetric
/// mapping, so every intent gives the same result for them; intents matter for LUT-based profiles, whose
/// perceptual and saturation tables lcms2 then uses.
public enum RenderingIntent: String, Sendable, Codable, CaseIterable, Hashable {
  case perceptual
  /// The default: colors inside the destination gamut stay exactly as they are.
  case relative
  case saturation
  case absolute

  /// lcms2's constant for the intent.
  var lcmsValue: cmsUInt32Number {
    switch self {
    case .perceptual: cmsUInt32Number(INTENT_PERCEPTUAL)
    case .relative: cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC)
    case .saturation: cmsUInt32Number(INTENT_SATURATION)
    case .absolute: cmsUInt32Number(INTENT_ABSOLUTE_COLORIMETRIC)
    }
  }
}
