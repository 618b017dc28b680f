internal import CLCMS2

/// Builds RGB ICC profiles (version 4.3, display class) with lcms2, with fixed bytes: the same inputs give the same
/// bytes on every run, since the creation date lcms2 stamps into the header is replaced by ``creationDate``.
enum ProfileFactory {
  /// The creation date written into every profile gamut builds (year, month, day, hour, minute, second, UTC).
  static let creationDate: [UInt16] = [2025, 1, 1, 0, 0, 0]

  /// The copyright gamut writes into the profiles it builds.
  static let copyright = "No copyright, use freely"

  /// Builds a profile from primaries, white and a curve (`cmsCreateRGBProfileTHR`, `cmsBuildParametricToneCurve`,
  /// `cmsSaveProfileToMem`). The header date is ``creationDate`` and the profile ID is left zero ("not computed").
  /// - Throws: ``ProfileError`` for degenerate chromaticities or when lcms2 fails.
  static func rgbProfile(
    primaries: ColorChunks.Chromaticities, transfer: TransferCurve, description: String
  ) throws(ProfileError) -> ICCProfile {
    guard primaries.rgbToXYZ != nil else {
      throw ProfileError(.invalidParameters, "the primaries and white point do not span a color space")
    }
    if case .gamma(let g) = transfer, !(g.isFinite && g > 0) {
      throw ProfileError(.invalidParameters, "gamma \(g) is not a positive number")
    }
    let context = try LCMSContext()
    let parametric = transfer.parametric
    let curveHandle = parametric.parameters.withUnsafeBufferPointer {
      cmsBuildParametricToneCurve(context.handle, parametric.type, $0.baseAddress)
    }
    guard let curveHandle else {
      throw ProfileError(.lcmsFailure, "lcms2 cannot build the \(transfer) curve", lcmsMessage: context.reportedMessage)
    }
    let curve = LCMSResource(curveHandle, context: context) { cmsFreeToneCurve($0) }
    var white = cmsCIExyY(x: primaries.whiteX, y: primaries.whiteY, Y: 1)
    var triple = cmsCIExyYTRIPLE(
      Red: cmsCIExyY(x: primaries.redX, y: primaries.redY, Y: 1),
      Green: cmsCIExyY(x: primaries.greenX, y: primaries.greenY, Y: 1),
      Blue: cmsCIExyY(x: primaries.blueX, y: primaries.blueY, Y: 1))
    let curves: [OpaquePointer?] = [curve.handle, curve.handle, curve.handle]
    guard let profileHandle = cmsCreateRGBProfileTHR(context.handle, &white, &triple, curves) else {
      throw ProfileError(.lcmsFailure, "lcms2 cannot build the profile", lcmsMessage: context.reportedMessage)
    }
    let profile = LCMSResource(profileHandle, context: context) { cmsCloseProfile($0) }
    cmsSetProfileVersion(profile.handle, 4.3)
    try writeText(description, tag: cmsSigProfileDescriptionTag, to: profile, in: context)
    try writeText(copyright, tag: cmsSigCopyrightTag, to: profile, in: context)
    return try ICCProfile(bytes: fixedBytes(of: profile, in: context))
  }

  /// The profile for a PNG's gAMA and cHRM: the curve is a pure power of 1/gamma (the sRGB curve when there is
  /// no gAMA), the primaries are cHRM's (sRGB's when there is no cHRM).
  /// - Throws: ``ProfileError/Kind/invalidParameters`` for a gamma outside 0.2...5 as a display exponent, or
  ///   degenerate chromaticities.
  static func pngProfile(
    gamma: Double?, chromaticities: ColorChunks.Chromaticities?
  ) throws(ProfileError) -> ICCProfile {
    let transfer: TransferCurve
    if let gamma {
      guard gamma.isFinite, gamma > 0, (0.2...5).contains(1 / gamma) else {
        throw ProfileError(.invalidParameters, "gAMA \(gamma) is not a usable file gamma")
      }
      transfer = .gamma(1 / gamma)
    } else {
      transfer = .sRGB
    }
    let description = "PNG gAMA/cHRM, \(transfer) curve (gamut)"
    return try rgbProfile(primaries: chromaticities ?? .sRGB, transfer: transfer, description: description)
  }

  /// The profile for supported cICP code points: primaries 1, 9, 12 and transfer 1, 4, 5, 6, 8, 13, 14, 15, full range,
  /// matrix coefficients 0. sRGB and Display P3 give ``BuiltInProfiles`` exactly.
  /// - Throws: ``ProfileError/Kind/invalidParameters`` for anything else.
  static func profile(for codingPoints: ColorChunks.CodingPoints) throws(ProfileError) -> ICCProfile {
    let p = codingPoints.colorPrimaries
    let t = codingPoints.transferFunction
    guard codingPoints.matrixCoefficients == 0, codingPoints.fullRange,
      let chromaticities = CodingPointsMapping.primaries(p)?.chromaticities,
      let curve = CodingPointsMapping.transfer(t)?.curve,
      let name = CodingPointsMapping.name(primaries: p, transfer: t)
    else {
      throw ProfileError(
        .invalidParameters,
        "cICP \(p)/\(t)/\(codingPoints.matrixCoefficients)/\(codingPoints.fullRange ? 1 : 0) cannot be converted")
    }
    switch (p, t) {
    case (1, 13): return BuiltInProfiles.sRGB
    case (12, 13): return BuiltInProfiles.displayP3
    default: return try rgbProfile(primaries: chromaticities, transfer: curve, description: "\(name) (gamut)")
    }
  }

  private static func writeText(
    _ text: String, tag: cmsTagSignature, to profile: LCMSResource<cmsHPROFILE>, in context: LCMSContext
  ) throws(ProfileError) {
    guard let mluHandle = cmsMLUalloc(context.handle, 1) else {
      throw ProfileError(.lcmsFailure, "lcms2 cannot allocate text", lcmsMessage: context.reportedMessage)
    }
    let mlu = LCMSResource(mluHandle, context: context) { cmsMLUfree($0) }
    let wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
    guard cmsMLUsetWide(mlu.handle, "en", "US", wide) != 0,
      cmsWriteTag(profile.handle, tag, UnsafeRawPointer(mlu.handle)) != 0
    else {
      throw ProfileError(.lcmsFailure, "lcms2 cannot write text tag", lcmsMessage: context.reportedMessage)
    }
  }

  /// Serialises the profile and replaces the creation date (bytes 24..<36) and the profile ID (84..<100).
  private static func fixedBytes(
    of profile: LCMSResource<cmsHPROFILE>, in context: LCMSContext
  ) throws(ProfileError) -> [UInt8] {
    var size: cmsUInt32Number = 0
    guard cmsSaveProfileToMem(profile.handle, nil, &size) != 0, size >= 132 else {
      throw ProfileError(.lcmsFailure, "lcms2 cannot serialise the profile", lcmsMessage: context.reportedMessage)
    }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    guard cmsSaveProfileToMem(profile.handle, &bytes, &size) != 0 else {
      throw ProfileError(.lcmsFailure, "lcms2 cannot serialise the profile", lcmsMessage: context.reportedMessage)
    }
    let date = creationDate.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    bytes.replaceSubrange(24..<36, with: date)
    bytes.replaceSubrange(84..<100, with: repeatElement(0, count: 16))
    return bytes
  }
}
