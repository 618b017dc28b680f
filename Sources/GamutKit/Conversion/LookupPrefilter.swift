internal import CLCMS2

/// The lcms2 stage for LUT-based source profiles: converts pixels to linear-light ProPhoto RGB at 16 bits (a
/// space wide enough for any display or photo profile), from which the exact fast path continues. The intent and
/// black-point compensation apply here.
///
/// The transform is built with `cmsFLAGS_NOCACHE`, so one instance may convert on several threads at once.
final class LookupPrefilter: @unchecked Sendable {
  /// The space this stage converts into.
  static let intermediate: ColorSpaceModel = .rgb(
    RGBColorSpace(name: "Linear ProPhoto RGB", primaries: .proPhoto, curve: .linear)!)

  private let context: LCMSContext
  private let transforms: [Bool: cmsHTRANSFORM]  // keyed by "has alpha"
  /// Whether the source profile is gray (else RGB).
  let isGray: Bool

  init(profile: ICCProfile, options: ConversionOptions) throws(ConversionError) {
    do {
      context = try LCMSContext(memoryLimit: LCMSContext.memoryLimit(profileBytes: profile.bytes.count))
      let source = try profile.open(in: context)
      let intermediate = try ProfileFactory.rgbProfile(
        primaries: .proPhoto, transfer: .gamma(1), description: "Linear ProPhoto RGB (gamut)"
      ).open(in: context)
      let colorSpace = cmsGetColorSpace(source.handle)
      guard colorSpace == cmsSigRgbData || colorSpace == cmsSigGrayData else {
        throw ConversionError("the profile's data is not RGB or gray")
      }
      isGray = colorSpace == cmsSigGrayData
      var flags = cmsUInt32Number(cmsFLAGS_NOCACHE | cmsFLAGS_COPY_ALPHA | cmsFLAGS_HIGHRESPRECALC)
      if options.blackPointCompensation { flags |= cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION) }
      var built: [Bool: cmsHTRANSFORM] = [:]
      for alpha in [false, true] {
        let input = LCMSFormat.sixteenBit(colorSpace: isGray ? 3 : 4, channels: isGray ? 1 : 3, extra: alpha ? 1 : 0)
        let output = LCMSFormat.sixteenBit(colorSpace: 4, channels: 3, extra: alpha ? 1 : 0)
        guard
          let transform = cmsCreateTransformTHR(
            context.handle, source.handle, input, intermediate.handle, output, options.intent.lcmsValue, flags)
        else {
          built.values.forEach { cmsDeleteTransform($0) }
          throw ConversionError(
            "lcms2 cannot build a transform from the profile"
              + (context.reportedMessage.map { " (lcms2: \($0))" } ?? ""))
        }
        built[alpha] = transform
      }
      transforms = built
    } catch let error as ConversionError {
      throw error
    } catch {
      throw ConversionError("the ICC profile cannot be used: \(error)")
    }
    try checkSanity()
  }

  deinit {
    transforms.values.forEach { cmsDeleteTransform($0) }
  }

  /// Converts `pixels` (gray or RGB as the profile says, 8 or 16 bits, alpha kept) to 16-bit linear ProPhoto.
  func apply(to pixels: PixelBuffer) -> PixelBuffer {
    let alpha = pixels.layout.hasAlpha
    let input = pixels.widenedSamples
    var output = [UInt16](repeating: 0, count: pixels.width * pixels.height * (alpha ? 4 : 3))
    input.withUnsafeBytes { source in
      output.withUnsafeMutableBytes { destination in
        cmsDoTransform(
          transforms[alpha]!, source.baseAddress, destination.baseAddress,
          cmsUInt32Number(pixels.width * pixels.height))
      }
    }
    return PixelBuffer(
      width: pixels.width, height: pixels.height, layout: alpha ? .rgba : .rgb, samples: .sixteen(output))
  }

  /// lcms2 accepts profiles that map black, white or a gray ramp to nonsense: check all three.
  private func checkSanity() throws(ConversionError) {
    let steps = 17
    let ramp = (0..<steps).map { UInt16($0 * 65535 / (steps - 1)) }
    let samples = isGray ? ramp : ramp.flatMap { [$0, $0, $0] }
    let image = PixelBuffer(width: steps, height: 1, layout: isGray ? .gray : .rgb, samples: .sixteen(samples))
    guard case .sixteen(let out) = apply(to: image).samples else { return }
    let luminance = (0..<steps).map { index in
      let rgb = SIMD3(Double(out[index * 3]), Double(out[index * 3 + 1]), Double(out[index * 3 + 2])) / 65535
      return (Self.intermediate.toXYZD50 * rgb).y
    }
    let white = luminance.last!
    guard luminance.first! <= 0.05, white >= 0.9, white <= 1.1 else {
      throw ConversionError(
        "the profile maps black to luminance \(luminance.first!) and white to \(white) (expected 0 and 1): "
          + "refusing a nonsense profile")
    }
    guard zip(luminance, luminance.dropFirst()).allSatisfy({ $1 >= $0 - 0.002 }) else {
      throw ConversionError("the profile maps a gray ramp to falling values: refusing a nonsense profile")
    }
  }
}

extension PixelBuffer {
  /// The samples as 16-bit values (8-bit ones scaled by 257, exactly).
  var widenedSamples: [UInt16] {
    switch samples {
    case .sixteen(let values): values
    case .eight(let values): values.map { UInt16($0) * 257 }
    }
  }
}
