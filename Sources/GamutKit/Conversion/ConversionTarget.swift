/// The renditions gamut writes: sRGB at 8 bits per channel, Display P3 at 16 (Apple's guidance for wide color).
public enum ConversionTarget: String, Sendable, Hashable, CaseIterable {
  case sRGB = "srgb"
  case displayP3 = "p3"

  /// The destination color space.
  var model: ColorSpaceModel {
    switch self {
    case .sRGB: .rgb(.sRGB)
    case .displayP3: .rgb(.displayP3)
    }
  }

  /// Bits per channel written.
  public var bitDepth: Int {
    switch self {
    case .sRGB: 8
    case .displayP3: 16
    }
  }

  /// The embedded profile: gamut's own, built from the published primaries, white and curve with fixed bytes.
  public var colorTag: PNGEncoder.ColorTag {
    switch self {
    case .sRGB: .iccProfile(name: "sRGB", bytes: BuiltInProfiles.sRGB.bytes)
    case .displayP3: .iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes)
    }
  }
}
