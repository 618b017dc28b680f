/// Converts decoded PNGs to gamut's sRGB and Display P3 renditions, and checks the sRGB one for clipping.
///
/// The source space comes from the PNG's color chunks (`ColorSpaceDecision`). Matrix/TRC and gray-TRC profiles,
/// the usual case, take the exact fast path: tone curves as lookup tables, a 3x3 matrix, correctly rounded
/// encoding (`MatrixTransform`), and the gamut measures in the same pass. LUT-based profiles first go through
/// lcms2 to 16-bit linear ProPhoto RGB (`LookupPrefilter`), with the chosen intent, and continue the same way.
///
/// Gray sources become RGB: an RGB profile cannot be embedded in a gray PNG, and one layout per target keeps the
/// catalog simple. Palette sources arrive expanded by the decoder. Alpha is straight and copied unchanged
/// (rescaled exactly between 8 and 16 bits).
///
/// Routes are built once per (source profile, target, gray layout, options) per process and shared across
/// converters, images and threads; the 16 most recently used are kept.
public final class ColorConverter: Sendable {
  public let options: ConversionOptions

  /// What decides a route.
  struct Key: Hashable, Sendable {
    var profile: ICCProfile
    var target: ConversionTarget
    var gray: Bool
    var options: ConversionOptions
  }

  /// The routes built so far, or why one could not be built (a profile that fails once fails every time).
  typealias RouteCache = BoundedCache<Key, Result<ConversionRoute, ConversionError>>

  /// The routes of every converter in the process. A route holds lookup tables of up to a few MiB (16-bit sources
  /// and targets); a catalog uses a few profiles, each for two targets.
  static let sharedRoutes = RouteCache(capacity: 16)

  private let routes: RouteCache

  public init(options: ConversionOptions = ConversionOptions()) {
    self.options = options
    routes = Self.sharedRoutes
  }

  /// A converter keeping its routes in `routes` instead of the process's cache (for tests that count builds).
  init(options: ConversionOptions = ConversionOptions(), routes: RouteCache) {
    self.options = options
    self.routes = routes
  }

  /// The number of routes built in this converter's cache so far (each reused for later images with the same
  /// source profile).
  var transformsBuilt: Int { routes.computedCount }

  /// Converts `image` to `target`, ready for ``PNGEncoder``.
  package func convert(_ image: PNGImage, to target: ConversionTarget) throws(ConversionError) -> Rendition {
    let route = try route(for: image.colorChunks, layout: image.pixels.layout, to: target)
    return Rendition(pixels: route.convert(image.pixels), colorTag: target.colorTag)
  }

  /// Converts `image` to sRGB and measures, in the same pass, what clipping does to it.
  package func check(_ image: PNGImage, thresholds: ClippingThresholds) throws(ConversionError) -> CheckResult {
    let clock = ContinuousClock()
    let start = clock.now
    let route = try route(for: image.colorChunks, layout: image.pixels.layout, to: .sRGB)
    let measured = route.convertMeasuring(image.pixels)
    let converted = clock.now
    let analysis = ClippingAnalyzer(thresholds: thresholds).analyze(measured)
    return CheckResult(
      rendition: Rendition(pixels: measured.image, colorTag: ConversionTarget.sRGB.colorTag), analysis: analysis,
      conversionTime: converted - start, analysisTime: clock.now - converted)
  }

  /// The way from the color space the chunks give to `target`, for pixels of `layout`: built the first time a
  /// (profile, target, gray, options) combination is asked for in the process, then shared.
  package func route(for chunks: ColorChunks, layout: PixelBuffer.Layout, to target: ConversionTarget)
    throws(ConversionError) -> ConversionRoute
  {
    let decision = ColorSpaceDecision.of(chunks)
    guard let profile = decision.profile else {
      throw ConversionError(
        "color space '\(decision.name)' (from \(decision.source.rawValue)) cannot be converted"
          + (decision.notes.isEmpty ? "" : ": " + decision.notes.joined(separator: "; ")))
    }
    let key = Key(profile: profile, target: target, gray: layout.isGray, options: options)
    return try routes.value(for: key) {
      Result { () throws(ConversionError) in
        try build(key, movesNoColor: Self.knownToMoveNoColor(key, decision: decision))
      }
    }.get()
  }

  private func build(_ key: Key, movesNoColor: Bool?) throws(ConversionError) -> ConversionRoute {
    let source: ColorSpaceModel
    var prefilter: LookupPrefilter?
    let profileIsGray: Bool
    if let model = try SourceModelReader.model(of: key.profile) {
      source = model
      profileIsGray = model.channelCount == 1
    } else {
      let lookup = try LookupPrefilter(profile: key.profile, options: key.options)
      prefilter = lookup
      source = LookupPrefilter.intermediate
      profileIsGray = lookup.isGray
    }
    if profileIsGray && !key.gray {
      throw ConversionError("the embedded profile is gray but the image is RGB")
    }
    let transformOptions = MatrixTransform.Options(
      outputBitDepth: key.target.bitDepth, gamutMapping: key.options.gamutMapping,
      dither: key.options.dither && key.target.bitDepth == 8 ? .ordered : .none)
    guard
      let transform = MatrixTransform(
        source: source, destination: key.target.model, options: transformOptions,
        movesNoColor: movesNoColor)
    else {
      throw ConversionError("the destination space has a singular matrix")
    }
    return ConversionRoute(
      target: key.target, prefilter: prefilter, transform: transform, expandGray: key.gray && !profileIsGray)
  }
}

extension ColorConverter {
  /// True for a route from gamut's own profile of the target's space (``BuiltInProfiles``: what the sRGB chunk, a
  /// cICP of sRGB or Display P3 and an untagged file convert from) to that target: its source model is read from
  /// fixed bytes, so the answer of `MatrixTransform`'s test of ramps and lattice (four ramps of 4,096 steps, most of
  /// the cost of a small file's route) is always the same, that it moves no color (`KnownRouteTests` works it out).
  /// Nil for every other profile, which takes the test. Only a decision not made by an embedded profile that names
  /// the target's space is compared, byte for byte, with the built-in profile it then already uses.
  static func knownToMoveNoColor(_ key: Key, decision: ColorSpaceDecision) -> Bool? {
    guard decision.source != .iCCP else { return nil }
    switch (key.target, decision.name) {
    case (.sRGB, KnownColorSpace.sRGB.rawValue): return key.profile == BuiltInProfiles.sRGB ? true : nil
    case (.displayP3, KnownColorSpace.displayP3.rawValue): return key.profile == BuiltInProfiles.displayP3 ? true : nil
    default: return nil
    }
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
