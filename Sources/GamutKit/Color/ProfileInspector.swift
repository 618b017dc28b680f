internal import CLCMS2
import Foundation

/// Reads a ``ProfileInfo`` and the measurements for identification from a profile opened with lcms2.
struct ProfileInspector {
  /// What identification needs beyond ``ProfileInfo``: the curves sampled at ``TransferCurve/sampleInputs``, and
  /// for a lookup-table profile the primaries measured through a transform.
  struct Measurements {
    /// Linear light per channel (red, green, blue, or gray) at each sample input.
    var curves: [[Double]]
    /// For a LUT-based RGB profile: red, green and blue through a relative colorimetric transform to the D50 PCS,
    /// less the black point.
    var measuredPrimaries: [ProfileInfo.XYZ]?
  }

  let profile: LCMSResource<cmsHPROFILE>

  private var handle: cmsHPROFILE { profile.handle }

  func info() -> ProfileInfo {
    let colorSpace = cmsGetColorSpace(handle)
    let encodedVersion = cmsGetEncodedICCversion(handle)
    let white = readXYZ(cmsSigMediaWhitePointTag)
    let adaptation = chromaticAdaptation(mediaWhite: white, version: encodedVersion >> 24)
    let unadapt = adaptation?.inverse ?? .identity
    let colorants = readColorants(undoing: unadapt)
    let curveTags: [cmsTagSignature] =
      colorSpace == cmsSigGrayData ? [cmsSigGrayTRCTag] : [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]
    // Channels usually share one curve (linked tags): it is described, and its gamma estimated, once.
    var described: [OpaquePointer: ProfileInfo.ToneCurve] = [:]
    let curves = curveTags.compactMap(readCurve).map { curve in
      if let known = described[curve] { return known }
      let description = Self.describe(curve)
      described[curve] = description
      return description
    }
    let lutTags = Self.lutSignatures.filter { cmsIsTag(handle, $0.signature) != 0 }.map(\.name)

    let model: ProfileInfo.Model
    if colorSpace == cmsSigRgbData, colorants != nil, curves.count == 3 {
      model = .matrixTRC
    } else if colorSpace == cmsSigGrayData, curves.count == 1 {
      model = .grayTRC
    } else if lutTags.contains(where: { $0.hasPrefix("A2B") }) {
      model = .lutBased
    } else {
      model = .other
    }
    let intent = Int(cmsGetHeaderRenderingIntent(handle))
    let deviceClass = cmsGetDeviceClass(handle).rawValue
    return ProfileInfo(
      description: text(cmsInfoDescription),
      copyright: text(cmsInfoCopyright),
      version: Self.version(encodedVersion),
      deviceClass: Self.deviceClassNames[deviceClass] ?? "unknown",
      deviceClassSignature: Self.fourCC(deviceClass),
      colorSpace: Self.fourCC(colorSpace.rawValue),
      pcs: Self.fourCC(cmsGetPCS(handle).rawValue),
      renderingIntent: intent,
      renderingIntentName: Self.intentNames[intent] ?? "unknown (\(intent))",
      mediaWhitePoint: white,
      chromaticAdaptation: adaptation?.flat,
      whiteChromaticity: (unadapt * ProfileInfo.XYZ.pcsWhite).chromaticity,
      colorants: colorants,
      curves: curves,
      model: model,
      lutTags: lutTags)
  }

  /// Samples the curves, and for a LUT-based RGB profile measures it through a transform made in `context`.
  func measurements(in context: LCMSContext) -> Measurements {
    let colorSpace = cmsGetColorSpace(handle)
    let curveTags: [cmsTagSignature] =
      colorSpace == cmsSigGrayData ? [cmsSigGrayTRCTag] : [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]
    let curves = curveTags.compactMap(readCurve).map { curve in
      TransferCurve.sampleInputs.map { Double(cmsEvalToneCurveFloat(curve, Float($0))) }
    }
    let isLUT = colorSpace == cmsSigRgbData && cmsIsMatrixShaper(handle) == 0
    guard isLUT, let measured = measureLUT(in: context) else {
      return Measurements(curves: curves, measuredPrimaries: nil)
    }
    return measured
  }

  /// Evaluates an RGB profile through a relative colorimetric transform to XYZ: black, the primaries, white and a
  /// gray ramp. The ramp's Y, scaled from black to white, stands in for the curve of all three channels.
  private func measureLUT(in context: LCMSContext) -> Measurements? {
    guard let xyzHandle = cmsCreateXYZProfileTHR(context.handle) else { return nil }
    let xyz = LCMSResource(xyzHandle, context: context) { cmsCloseProfile($0) }
    guard
      let transformHandle = cmsCreateTransformTHR(
        context.handle, handle, LCMSFormat.rgbDouble, xyz.handle, LCMSFormat.xyzDouble,
        cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_NOCACHE))
    else { return nil }
    let transform = LCMSResource(transformHandle, context: context) { cmsDeleteTransform($0) }
    var input: [Double] = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1]
    input += TransferCurve.sampleInputs.flatMap { [$0, $0, $0] }
    var output = [Double](repeating: .nan, count: input.count)
    input.withUnsafeBytes { source in
      output.withUnsafeMutableBytes { destination in
        cmsDoTransform(
          transform.handle, source.baseAddress, destination.baseAddress, cmsUInt32Number(input.count / 3))
      }
    }
    let values = stride(from: 0, to: output.count, by: 3).map {
      ProfileInfo.XYZ(output[$0], output[$0 + 1], output[$0 + 2])
    }
    let black = values[0]
    let whiteY = values[4].y - black.y
    guard whiteY > 0 else { return nil }
    let primaries = values[1...3].map { ProfileInfo.XYZ($0.x - black.x, $0.y - black.y, $0.z - black.z) }
    let ramp = values[5...].map { ($0.y - black.y) / whiteY }
    return Measurements(curves: [ramp], measuredPrimaries: primaries)
  }

  private func readXYZ(_ tag: cmsTagSignature) -> ProfileInfo.XYZ? {
    guard let raw = cmsReadTag(handle, tag) else { return nil }
    let value = raw.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
    let xyz = ProfileInfo.XYZ(value.X, value.Y, value.Z)
    return [xyz.x, xyz.y, xyz.z].allSatisfy(\.isFinite) ? xyz : nil
  }

  /// The `chad` tag; for a version 2 profile without one, Bradford from its media white to D50 (as lcms2 does).
  private func chromaticAdaptation(mediaWhite: ProfileInfo.XYZ?, version: UInt32) -> Matrix3? {
    if let raw = cmsReadTag(handle, cmsSigChromaticAdaptationTag) {
      let values = Array(UnsafeBufferPointer(start: raw.assumingMemoryBound(to: Double.self), count: 9))
      return Matrix3(flat: values)
    }
    guard version < 4, let mediaWhite, mediaWhite.y > 0 else { return nil }
    let d50 = ProfileInfo.XYZ.pcsWhite
    let isD50 =
      abs(mediaWhite.x - d50.x) < 0.001 && abs(mediaWhite.y - d50.y) < 0.001
      && abs(mediaWhite.z - d50.z) < 0.001
    return isD50 ? nil : ChromaticAdaptation.bradford(from: mediaWhite.vector, to: d50.vector)
  }

  private func readColorants(undoing unadapt: Matrix3) -> ProfileInfo.Colorants? {
    let tags = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag]
    let values = tags.compactMap(readXYZ)
    guard values.count == 3 else { return nil }
    let colorants = values.map { pcs in
      let native = unadapt * pcs
      return ProfileInfo.Colorant(pcs: pcs, native: native, chromaticity: native.chromaticity)
    }
    return ProfileInfo.Colorants(red: colorants[0], green: colorants[1], blue: colorants[2])
  }

  private func readCurve(_ tag: cmsTagSignature) -> OpaquePointer? {
    cmsReadTag(handle, tag).map(OpaquePointer.init)
  }

  private static func describe(_ curve: OpaquePointer) -> ProfileInfo.ToneCurve {
    let estimate = cmsEstimateGamma(curve, 10)
    let gamma = estimate > 0 && estimate.isFinite ? estimate : nil
    let type = Int(cmsGetToneCurveParametricType(curve))
    guard type != 0, let parameters = cmsGetToneCurveParams(curve) else {
      return .table(entries: Int(cmsGetToneCurveEstimatedTableEntries(curve)), estimatedGamma: gamma)
    }
    let count = parameterCounts[abs(type)] ?? 10
    return .parametric(
      type: type, parameters: Array(UnsafeBufferPointer(start: parameters, count: count)), estimatedGamma: gamma)
  }

  private func text(_ info: cmsInfoType) -> String? {
    let needed = cmsGetProfileInfo(handle, info, "en", "US", nil, 0)
    let count = Int(needed) / MemoryLayout<wchar_t>.stride
    guard count > 0 else { return nil }
    var buffer = [wchar_t](repeating: 0, count: count)
    _ = cmsGetProfileInfo(handle, info, "en", "US", &buffer, needed)
    let scalars = buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(truncatingIfNeeded: $0)) }
    let string = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespacesAndNewlines)
    return string.isEmpty ? nil : string
  }

  /// "4.3", "2.1", or "4.2.1" when the bug-fix digit is set, from the header's encoded version.
  private static func version(_ encoded: UInt32) -> String {
    let major = encoded >> 24
    let minor = (encoded >> 20) & 0xF
    let fix = (encoded >> 16) & 0xF
    return fix == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(fix)"
  }

  /// A signature as text without trailing spaces ("RGB", "mntr"), or hex when it is not printable ASCII.
  static func fourCC(_ value: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      return "0x" + String(value, radix: 16, uppercase: true)
    }
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
  }

  private static let parameterCounts = [1: 1, 2: 3, 3: 4, 4: 5, 5: 7, 6: 4, 7: 5, 8: 5, 108: 1, 109: 1]

  private static let deviceClassNames: [UInt32: String] = [
    cmsSigInputClass.rawValue: "input", cmsSigDisplayClass.rawValue: "display",
    cmsSigOutputClass.rawValue: "output", cmsSigLinkClass.rawValue: "device link",
    cmsSigColorSpaceClass.rawValue: "color space", cmsSigAbstractClass.rawValue: "abstract",
    cmsSigNamedColorClass.rawValue: "named color",
  ]

  private static let intentNames = [
    0: "perceptual", 1: "relative colorimetric", 2: "saturation", 3: "absolute colorimetric",
  ]

  private static let lutSignatures: [(signature: cmsTagSignature, name: String)] = [
    (cmsSigAToB0Tag, "A2B0"), (cmsSigAToB1Tag, "A2B1"), (cmsSigAToB2Tag, "A2B2"),
    (cmsSigBToA0Tag, "B2A0"), (cmsSigBToA1Tag, "B2A1"), (cmsSigBToA2Tag, "B2A2"),
  ]
}
