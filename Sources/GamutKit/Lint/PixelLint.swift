/// The checks of one image that decode its pixels, run only when one applies: the clipping verdict of a wide-gamut
/// image in an sRGB or any-gamut slot (the analysis and verdicts of `gamut build`), a display-P3 rendition whose
/// colors all lie in sRGB, a 16-bit file that 8 bits hold, and the white area of a dark rendition.
struct PixelLint {
  let context: LintContext

  func check(_ image: LintImage) -> [Diagnostic] {
    let p3Slot = image.entry.displayGamut == RenditionTraits.DisplayGamut.displayP3.rawValue
    let dark = image.entry.luminosity == "dark"
    let sixteen = image.header.bitDepth == 16
    let measures = image.isWide || p3Slot || dark
    guard measures || sixteen else { return [] }
    let decoded: PNGImage
    do {
      decoded = try image.decoded()
    } catch {
      return [Diagnostic(path: image.path, severity: .error, code: .unreadablePNG, message: error.reason)]
    }
    var findings: [Diagnostic] = []
    if sixteen, Self.eightBitsHold(decoded.pixels) {
      findings.append(
        Diagnostic(
          path: image.path, severity: .note, code: .needless16Bit,
          message: "a 16-bit PNG whose every sample 8 bits hold exactly; saved at 8 bits it is about half the size"))
    }
    guard measures else { return findings }
    guard image.isWide || p3Slot else {
      // A dark rendition in sRGB needs no measure but its white area, on its sRGB pixels.
      return findings + whiteArea(image, decoded: decoded)
    }
    let result: CheckResult
    do {
      result = try context.converter.check(decoded, thresholds: context.configuration.options.thresholds)
    } catch {
      return findings + [
        Diagnostic(path: image.path, severity: .error, code: .conversionFailed, message: error.description)
      ]
    }
    let report = result.analysis.report
    if p3Slot, report.outOfGamutPixels == 0 {
      findings.append(
        Diagnostic(
          path: image.path, severity: .warning, code: .p3WithinSRGB,
          message: "this display-P3 rendition never leaves sRGB (\(image.spaceName)); its sRGB rendition shows the "
            + "same colors, so the pair only adds size"))
    } else if !p3Slot, report.verdict != .ok {
      findings.append(clipping(report, image: image))
    }
    if dark { findings += whiteArea(image, srgb: result.rendition.pixels) }
    return findings
  }

  /// `dark-white-area` of a dark rendition: on its own 8-bit pixels when they are sRGB already, else converted.
  private func whiteArea(_ image: LintImage, decoded: PNGImage) -> [Diagnostic] {
    let isSRGB = image.decision.source == .untagged || image.decision.name == "sRGB"
    if isSRGB, case .eight = decoded.pixels.samples { return whiteArea(image, srgb: decoded.pixels) }
    guard let converted = try? context.converter.convert(decoded, to: .sRGB) else { return [] }
    return whiteArea(image, srgb: converted.pixels)
  }

  private func whiteArea(_ image: LintImage, srgb: PixelBuffer) -> [Diagnostic] {
    var white = ImageChecks.WhiteArea()
    white.add(srgb)
    return white.diagnostic(path: image.path, limit: context.configuration.options.darkWhiteShareLimit).map { [$0] }
      ?? []
  }

  /// The build's clipping verdict for an image that sRGB displays get as it is: an error or a warning.
  private func clipping(_ report: ClippingReport, image: LintImage) -> Diagnostic {
    let measures =
      "\(LintContext.percent(report.outOfGamutShare)) of pixels outside sRGB, "
      + "\(LintContext.percent(report.colorShift.shareAbove1)) visibly changed (ΔE2000 > 1), "
      + "\(report.plateaus.count) clipping plateaus, "
      + "\(LintContext.percent(report.lostDistinctions.share)) of neighbouring pairs merged, ΔE2000 max "
      + LintContext.format(report.colorShift.max)
    let slot = image.entry.displayGamut == nil ? "an any-gamut slot" : "the sRGB slot"
    return Diagnostic(
      path: image.path, severity: report.verdict == .error ? .error : .warning, code: .clipping(report.verdict),
      message: "\(image.spaceName) colors clip on sRGB displays (\(measures)) and \(slot) holds it with no sRGB "
        + "rendition: " + report.reasons.joined(separator: "; "))
  }

  /// Whether every 16-bit sample is an 8-bit value repeated (v * 257), so 8 bits hold the image exactly.
  static func eightBitsHold(_ pixels: PixelBuffer) -> Bool {
    guard case .sixteen(let samples) = pixels.samples else { return false }
    return samples.allSatisfy { $0 % 257 == 0 }
  }
}
