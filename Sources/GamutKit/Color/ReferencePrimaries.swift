extension ColorChunks.Chromaticities {
  /// sRGB and ITU-R BT.709 primaries with the D65 white.
  static let sRGB = Self(
    whiteX: 0.3127, whiteY: 0.3290, redX: 0.64, redY: 0.33, greenX: 0.30, greenY: 0.60, blueX: 0.15, blueY: 0.06)
  /// Display P3: the DCI-P3 primaries with the D65 white.
  static let displayP3 = Self(
    whiteX: 0.3127, whiteY: 0.3290, redX: 0.680, redY: 0.320, greenX: 0.265, greenY: 0.690, blueX: 0.150,
    blueY: 0.060)
  /// DCI-P3 (SMPTE RP 431-2): the P3 primaries with the DCI white.
  static let dciP3 = Self(
    whiteX: 0.314, whiteY: 0.351, redX: 0.680, redY: 0.320, greenX: 0.265, greenY: 0.690, blueX: 0.150,
    blueY: 0.060)
  /// Adobe RGB (1998) with the D65 white.
  static let adobeRGB = Self(
    whiteX: 0.3127, whiteY: 0.3290, redX: 0.64, redY: 0.33, greenX: 0.21, greenY: 0.71, blueX: 0.15, blueY: 0.06)
  /// ITU-R BT.2020 with the D65 white.
  static let rec2020 = Self(
    whiteX: 0.3127, whiteY: 0.3290, redX: 0.708, redY: 0.292, greenX: 0.170, greenY: 0.797, blueX: 0.131,
    blueY: 0.046)
  /// ProPhoto RGB (ROMM RGB, ISO 22028-2) with the D50 white.
  static let proPhoto = Self(
    whiteX: 0.3457, whiteY: 0.3585, redX: 0.7347, redY: 0.2653, greenX: 0.1596, greenY: 0.8404, blueX: 0.0366,
    blueY: 0.0001)

  /// The white as XYZ with Y 1, or nil when y is 0.
  var whiteXYZ: ProfileInfo.XYZ? {
    Self.xyz(whiteX, whiteY)
  }

  /// The RGB to XYZ matrix (columns are the primaries, scaled so that RGB 1,1,1 gives the white), or nil for
  /// degenerate chromaticities.
  var rgbToXYZ: Matrix3? {
    guard let white = whiteXYZ, let r = Self.xyz(redX, redY), let g = Self.xyz(greenX, greenY),
      let b = Self.xyz(blueX, blueY), let inverse = Matrix3(columns: r.vector, g.vector, b.vector).inverse
    else { return nil }
    return Matrix3(columns: r.vector, g.vector, b.vector) * Matrix3.diagonal(inverse * white.vector)
  }

  /// The primaries as PCS colorants: ``rgbToXYZ`` adapted to D50 with Bradford, as an ICC profile stores them.
  var pcsColorants: [ProfileInfo.XYZ]? {
    guard let white = whiteXYZ, let matrix = rgbToXYZ else { return nil }
    let adapted = ChromaticAdaptation.bradford(from: white.vector, to: ChromaticAdaptation.pcsWhite) * matrix
    return (0..<3).map { ProfileInfo.XYZ(adapted.column($0)) }
  }

  /// The primaries and white as xy, in the order red, green, blue, white.
  var points: [ProfileInfo.Chromaticity] {
    [
      .init(x: redX, y: redY), .init(x: greenX, y: greenY), .init(x: blueX, y: blueY),
      .init(x: whiteX, y: whiteY),
    ]
  }

  private static func xyz(_ x: Double, _ y: Double) -> ProfileInfo.XYZ? {
    guard x.isFinite, y.isFinite, y > 0, x >= 0, x + y <= 1 else { return nil }
    return ProfileInfo.XYZ(x / y, 1, (1 - x - y) / y)
  }
}
