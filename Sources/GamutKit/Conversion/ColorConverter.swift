import Synchronization

/// Converts decoded PNGs to gamut's sRGB and Display P3 renditions, and checks the sRGB one for clipping.
///
/// The source space comes from the PNG's color chunks (``ColorSpaceDecision``). Matrix/TRC and gray-TRC profiles,
/// the usual case, take the exact fast path: tone curves as lookup tables, a 3x3 matrix, correctly rounded
/// encoding (``MatrixTransform``), and the gamut measures in the same pass. LUT-based profiles first go through
/// lcms2 to 16-bit linear ProPhoto RGB (``LookupPrefilter``), with the chosen intent, and continue the same way.
///
/// Gray sources become RGB: an RGB profile cannot be embedded in a gray PNG, and one layout per target keeps the
/// catalog simple. Palette sources arrive expanded by the decoder. Alpha is straight and copied unchanged
/// (rescaled exactly between 8 and 16 bits).
///
/// Transforms are built once per (source profile, target, options) and reused across images and threads.
public final class ColorConverter: Sendable {
  public let options: ConversionOptions

  private struct Key: Hashable {
    var profile: ICCProfile
    var target: ConversionTarget
    var gray: Bool
  }

  /// A source's way into a target: an optional lcms2 stage, then the exact matrix transform.
  private struct Plan: Sendable {
    var prefilter: LookupPrefilter?
    var transform: MatrixTransform
    /// Gray pixels under an RGB profile are spread to RGB first.
    var expandGray: Bool
  }

  private let plans = Mutex([Key: Plan]())
  private let builtCount = Mutex(0)

  public init(options: ConversionOptions = ConversionOptions()) {
    self.options = options
  }

  /// The number of transforms built so far (each reused for later images with the same source profile).
  var transformsBuilt: Int { builtCount.withLock { $0 } }

  /// Converts `image` to `target`, ready for ``PNGEncoder``.
  public func convert(_ image: PNGImage, to target: ConversionTarget) throws(ConversionError) -> Rendition {
    let (plan, pixels) = try prepare(image, target: target)
    return Rendition(pixels: plan.transform.apply(to: pixels), colorTag: target.colorTag)
  }

  /// Converts `image` to sRGB and measures, in the same pass, what clipping does to it.
  public func check(_ image: PNGImage, thresholds: ClippingThresholds) throws(ConversionError) -> CheckResult {
    let clock = ContinuousClock()
    let start = clock.now
    let (plan, pixels) = try prepare(image, target: .sRGB)
    let measured = plan.transform.applyMeasuring(to: pixels)
    let converted = clock.now
    let analysis = ClippingAnalyzer(thresholds: thresholds).analyze(measured)
    return CheckResult(
      rendition: Rendition(pixels: measured.image, colorTag: ConversionTarget.sRGB.colorTag), analysis: analysis,
      conversionTime: converted - start, analysisTime: clock.now - converted)
  }

  /// The plan for the image's source space and the pixels to feed its matrix transform.
  private func prepare(_ image: PNGImage, target: ConversionTarget) throws(ConversionError) -> (Plan, PixelBuffer) {
    let decision = ColorSpaceDecision(chunks: image.colorChunks)
    guard let profile = decision.profile else {
      throw ConversionError(
        "color space '\(decision.name)' (from \(decision.source.rawValue)) cannot be converted"
          + (decision.notes.isEmpty ? "" : ": " + decision.notes.joined(separator: "; ")))
    }
    let plan = try self.plan(Key(profile: profile, target: target, gray: image.pixels.layout.isGray))
    var pixels = image.pixels
    if plan.expandGray { pixels = pixels.expandedToRGB() }
    if let prefilter = plan.prefilter { pixels = prefilter.apply(to: pixels) }
    return (plan, pixels)
  }

  private func plan(_ key: Key) throws(ConversionError) -> Plan {
    if let cached = plans.withLock({ $0[key] }) { return cached }
    let plan = try build(key)
    builtCount.withLock { $0 += 1 }
    plans.withLock { $0[key] = plan }
    return plan
  }

  private func build(_ key: Key) throws(ConversionError) -> Plan {
    let source: ColorSpaceModel
    var prefilter: LookupPrefilter?
    let profileIsGray: Bool
    if let model = try SourceModelReader.model(of: key.profile) {
      source = model
      profileIsGray = model.channelCount == 1
    } else {
      let lookup = try LookupPrefilter(profile: key.profile, options: options)
      prefilter = lookup
      source = LookupPrefilter.intermediate
      profileIsGray = lookup.isGray
    }
    if profileIsGray && !key.gray {
      throw ConversionError("the embedded profile is gray but the image is RGB")
    }
    let transformOptions = MatrixTransform.Options(
      outputBitDepth: key.target.bitDepth, gamutMapping: options.gamutMapping,
      dither: options.dither && key.target.bitDepth == 8 ? .ordered : .none)
    guard let transform = MatrixTransform(source: source, destination: key.target.model, options: transformOptions)
    else {
      throw ConversionError("the destination space has a singular matrix")
    }
    return Plan(prefilter: prefilter, transform: transform, expandGray: key.gray && !profileIsGray)
  }
}

extension PixelBuffer {
  /// The same image with its gray channel copied into red, green and blue (alpha kept).
  func expandedToRGB() -> PixelBuffer {
    guard layout.isGray else { return self }
    let alpha = layout.hasAlpha
    func expand<T>(_ values: [T]) -> [T] {
      var out: [T] = []
      out.reserveCapacity(width * height * (alpha ? 4 : 3))
      var index = 0
      while index < values.count {
        out += [values[index], values[index], values[index]]
        if alpha { out.append(values[index + 1]) }
        index += alpha ? 2 : 1
      }
      return out
    }
    let expanded: Samples
    switch samples {
    case .eight(let values): expanded = .eight(expand(values))
    case .sixteen(let values): expanded = .sixteen(expand(values))
    }
    return PixelBuffer(width: width, height: height, layout: alpha ? .rgba : .rgb, samples: expanded)
  }
}
