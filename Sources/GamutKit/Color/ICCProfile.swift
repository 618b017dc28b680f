internal import CLCMS2

/// An ICC profile that lcms2 can open and build a transform from, holding the original bytes unchanged (so that
/// they can be embedded again as they were).
package struct ICCProfile: Sendable, Equatable, Hashable {
  /// The smallest possible profile: a 128-byte header and the 4-byte tag count.
  package static let minimumSize = 132
  /// The largest profile accepted (16 MiB); real display and input profiles are far smaller.
  package static let maximumSize = 16 << 20

  /// The profile's bytes, exactly as given.
  package let bytes: [UInt8]

  /// Validates `bytes` and keeps them.
  ///
  /// Checks the size limits, the header (the `acsp` signature, the declared size, a major version of 2 to 4, a tag
  /// count that fits), that lcms2 opens it (`cmsOpenProfileFromMemTHR`) and, for input, display, output and color
  /// space profiles, that lcms2 builds a transform from it to the XYZ connection space (`cmsCreateTransformTHR`).
  /// - Throws: ``ProfileError`` saying what was wrong, with lcms2's message when it gave one.
  package init(bytes: [UInt8]) throws(ProfileError) {
    try Self.checkHeader(bytes)
    self.bytes = bytes
    let context = try LCMSContext(memoryLimit: LCMSContext.memoryLimit(profileBytes: bytes.count))
    let profile = try open(in: context)
    try Self.checkTransform(from: profile, in: context)
  }

  /// Hashes the size, the header (which holds the profile's size, version, class, date and, from version 4, its
  /// MD5 identity) and the last bytes: profiles are hashed for every route and decision looked up, and hashing
  /// every byte of a 3 KiB profile per lookup showed in a build's profile. Equal profiles still hash equally.
  package func hash(into hasher: inout Hasher) {
    hasher.combineSample(of: bytes)
  }

  /// What the profile says about itself: header fields, white point, colorants, tone curves.
  package func inspect() throws(ProfileError) -> ProfileInfo {
    let context = try LCMSContext(memoryLimit: LCMSContext.memoryLimit(profileBytes: bytes.count))
    return ProfileInspector(profile: try open(in: context)).info()
  }

  /// Which well-known color space the profile describes, judged by its colorants and curves (never its name).
  package func identify() throws(ProfileError) -> ColorSpaceIdentification {
    try inspectAndIdentify().identification
  }

  /// ``inspect()`` and ``identify()`` at once: the profile opened and read once.
  package func inspectAndIdentify() throws(ProfileError) -> (
    info: ProfileInfo, identification: ColorSpaceIdentification
  ) {
    let context = try LCMSContext(memoryLimit: LCMSContext.memoryLimit(profileBytes: bytes.count))
    let inspector = ProfileInspector(profile: try open(in: context))
    let info = inspector.info()
    return (info, ColorSpaceIdentifier.identify(info, measurements: inspector.measurements(in: context)))
  }

  /// Opens the profile with lcms2 in `context`; the handle is closed when the returned owner goes away.
  func open(in context: LCMSContext) throws(ProfileError) -> LCMSResource<cmsHPROFILE> {
    let opened = bytes.withUnsafeBytes { buffer in
      cmsOpenProfileFromMemTHR(context.handle, buffer.baseAddress, cmsUInt32Number(buffer.count))
    }
    guard let opened else {
      throw ProfileError(.unreadable, "lcms2 cannot open the profile", lcmsMessage: context.reportedMessage)
    }
    return LCMSResource(opened, context: context) { cmsCloseProfile($0) }
  }

  private static func checkHeader(_ bytes: [UInt8]) throws(ProfileError) {
    guard bytes.count >= minimumSize else {
      throw ProfileError(.tooSmall, "\(bytes.count) bytes is too small for an ICC profile (at least \(minimumSize))")
    }
    guard bytes.count <= maximumSize else {
      throw ProfileError(.tooLarge, "\(bytes.count) bytes is larger than the \(maximumSize)-byte limit")
    }
    func bigEndian32(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    guard bytes[36..<40].elementsEqual(Array("acsp".utf8)) else {
      throw ProfileError(.badHeader, "no 'acsp' signature at byte 36: not an ICC profile")
    }
    let declaredSize = bigEndian32(at: 0)
    guard declaredSize >= minimumSize, declaredSize <= bytes.count else {
      throw ProfileError(.badHeader, "the header declares \(declaredSize) bytes but \(bytes.count) are present")
    }
    let major = bytes[8]
    guard (2...4).contains(major) else {
      let hint = major == 5 ? " (iccMAX is not supported)" : ""
      throw ProfileError(.badHeader, "ICC major version \(major) is not 2, 3 or 4\(hint)")
    }
    let tagCount = bigEndian32(at: 128)
    guard tagCount <= (declaredSize - minimumSize) / 12 else {
      throw ProfileError(.badHeader, "the tag table lists \(tagCount) tags, more than \(declaredSize) bytes can hold")
    }
  }

  /// Builds (and drops) a transform to the XYZ profile connection space, for the device and color space classes
  /// a PNG may embed: lcms2 reads and links the profile's input side, which is what can fail. The transform is not
  /// optimized (`cmsFLAGS_NOOPTIMIZE`), so nothing is resampled into a lookup table, and XYZ has no tone curves to
  /// build or invert (an sRGB output cost most of a validation).
  private static func checkTransform(
    from profile: LCMSResource<cmsHPROFILE>, in context: LCMSContext
  ) throws(ProfileError) {
    let deviceClasses: [cmsProfileClassSignature] = [
      cmsSigInputClass, cmsSigDisplayClass, cmsSigOutputClass, cmsSigColorSpaceClass,
    ]
    guard deviceClasses.contains(cmsGetDeviceClass(profile.handle)) else { return }
    let inputFormat = cmsFormatterForColorspaceOfProfile(profile.handle, 2, 0)
    guard inputFormat != 0, let xyz = cmsCreateXYZProfileTHR(context.handle) else {
      throw ProfileError(
        .unusable, "lcms2 has no pixel format for the profile's color space", lcmsMessage: context.reportedMessage)
    }
    let output = LCMSResource(xyz, context: context) { cmsCloseProfile($0) }
    let transform = cmsCreateTransformTHR(
      context.handle, profile.handle, inputFormat, output.handle, LCMSFormat.xyzDouble,
      cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE))
    guard let transform else {
      throw ProfileError(
        .unusable, "lcms2 cannot build a transform from the profile", lcmsMessage: context.reportedMessage)
    }
    cmsDeleteTransform(transform)
  }
}
