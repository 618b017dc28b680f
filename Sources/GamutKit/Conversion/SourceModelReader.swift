internal import CLCMS2

/// Reads what the fast path needs from a matrix/TRC or gray-TRC profile: the colorant matrix and the tone curves,
/// through lcms2, and checks that they describe a usable space.
enum SourceModelReader {
  /// The profile's space as a ``ColorSpaceModel``, or nil when it is not matrix/TRC (LUT-based).
  static func model(of profile: ICCProfile) throws(ConversionError) -> ColorSpaceModel? {
    let context: LCMSContext
    let handle: LCMSResource<cmsHPROFILE>
    do {
      context = try LCMSContext(memoryLimit: LCMSContext.memoryLimit(profileBytes: profile.bytes.count))
      handle = try profile.open(in: context)
    } catch {
      throw ConversionError("the ICC profile cannot be used: \(error)")
    }
    guard cmsIsMatrixShaper(handle.handle) != 0 else { return nil }
    switch cmsGetColorSpace(handle.handle) {
    case cmsSigGrayData:
      guard let curve = readCurve(handle.handle, cmsSigGrayTRCTag) else { return nil }
      try checkCurve(curve, name: "gray")
      return .gray(curve)
    case cmsSigRgbData:
      let curveTags = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]
      let colorantTags = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
      let curves = curveTags.compactMap { readCurve(handle.handle, $0) }
      let columns = colorantTags.compactMap { readXYZ(handle.handle, $0) }
      guard curves.count == 3, columns.count == 3 else { return nil }
      for (curve, name) in zip(curves, ["red", "green", "blue"]) { try checkCurve(curve, name: name) }
      let matrix = Matrix3(columns: columns[0], columns[1], columns[2])
      try checkWhite(matrix)
      return .rgb(RGBColorSpace(name: "embedded", toXYZD50: matrix, curves: curves))
    default:
      return nil
    }
  }

  /// A tone curve: the parametric form when lcms2 has one, else the curve sampled at 4096 points.
  private static func readCurve(_ profile: cmsHPROFILE, _ tag: cmsTagSignature) -> ToneCurve? {
    guard let raw = cmsReadTag(profile, tag) else { return nil }
    let curve = OpaquePointer(raw)
    let lcmsType = Int(cmsGetToneCurveParametricType(curve))
    let counts = [1, 3, 4, 5, 7]
    if (1...5).contains(lcmsType), let parameters = cmsGetToneCurveParams(curve),
      let parametric = ParametricCurve(
        iccType: lcmsType - 1, parameters: (0..<counts[lcmsType - 1]).map { parameters[$0] })
    {
      return .parametric(parametric)
    }
    let samples = (0..<4096).map { Double(cmsEvalToneCurveFloat(curve, Float($0) / 4095)) }
    return .table(samples)
  }

  private static func readXYZ(_ profile: cmsHPROFILE, _ tag: cmsTagSignature) -> SIMD3<Double>? {
    guard let raw = cmsReadTag(profile, tag) else { return nil }
    let value = raw.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
    let vector = SIMD3(value.X, value.Y, value.Z)
    return [vector.x, vector.y, vector.z].allSatisfy(\.isFinite) ? vector : nil
  }

  /// A curve must map 0 near 0 and 1 near 1 and never fall: lcms2 accepts curves that do not.
  private static func checkCurve(_ curve: ToneCurve, name: String) throws(ConversionError) {
    let black = curve.evaluate(0)
    let white = curve.evaluate(1)
    guard black.isFinite, white.isFinite, abs(black) <= 0.02, abs(white - 1) <= 0.05 else {
      throw ConversionError(
        "the profile's \(name) curve maps black to \(format(black)) and white to \(format(white)) "
          + "(expected 0 and 1): refusing a nonsense profile")
    }
    var previous = black
    for step in 1...256 {
      let value = curve.evaluate(Double(step) / 256)
      guard value.isFinite, value >= previous - 1e-6 else {
        throw ConversionError("the profile's \(name) curve falls between 0 and 1: refusing a nonsense profile")
      }
      previous = value
    }
  }

  /// RGB white must land on the PCS white (D50) the way every display profile's colorants do.
  private static func checkWhite(_ matrix: Matrix3) throws(ConversionError) {
    let white = matrix * SIMD3<Double>(1, 1, 1)
    let expected = ChromaticAdaptation.pcsWhite
    guard let toSRGB = RGBColorSpace.sRGB.toXYZD50.inverse else { return }
    let distance = white - expected
    let off = [distance.x, distance.y, distance.z].contains { !$0.isFinite || Swift.abs($0) > 0.03 }
    if off {
      let linear = toSRGB * white
      let codes = [linear.x, linear.y, linear.z].map {
        Int((ToneCurve.sRGB.inverse(max(0, min(1, $0))) * 255).rounded())
      }
      throw ConversionError(
        "the profile maps white to sRGB \(codes.map(String.init).joined(separator: ",")) (XYZ \(format(white.x)) "
          + "\(format(white.y)) \(format(white.z)), expected the D50 white): refusing a nonsense profile")
    }
  }

  /// `value` to three decimals; "nan" or "inf" as they are (a nonsense curve can give them).
  private static func format(_ value: Double) -> String {
    guard (value * 1000).isFinite, Swift.abs(value) < 1e12 else { return "\(value)" }
    return String(Double(Int((value * 1000).rounded())) / 1000)
  }
}
