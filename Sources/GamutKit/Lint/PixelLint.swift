/// The checks of one image that need its pixels, run only when one applies, in one read of its rows a strip at a
/// time (memory holds a strip, never the image) that stops as soon as no check can learn more: the clipping verdict
/// of a wide-gamut image in an sRGB or any-gamut slot (the analysis of `gamut build`), a display-P3 rendition whose
/// colors all lie in sRGB, a 16-bit file that 8 bits hold, the white area of a dark rendition, and whether a dark
/// rendition has the pixels of its light `twin` (read in step, only until they differ).
struct PixelLint {
  let context: LintContext

  /// The questions an image's pixels answer.
  private struct Questions {
    var sixteen: Bool
    var displayP3Slot: Bool
    var dark: Bool
    /// The clipping verdict: a wide-gamut image that sRGB displays are given as it is.
    var clipping: Bool

    var any: Bool { sixteen || displayP3Slot || dark || clipping }
  }

  /// The findings of `image`, and whether it has the pixels of `twin` (nil when there is no twin to compare).
  func check(_ image: LintImage, twin: LintImage? = nil) -> (findings: [Diagnostic], sameAsTwin: Bool?) {
    let p3Slot = image.entry.displayGamut == RenditionTraits.DisplayGamut.displayP3.rawValue
    let questions = Questions(
      sixteen: image.header.bitDepth == 16, displayP3Slot: p3Slot, dark: image.entry.luminosity == "dark",
      clipping: image.isWide && !p3Slot)
    guard questions.any else { return ([], nil) }
    var twinReader = twin.flatMap { twin in (try? twin.rows()).map { TwinRows(reader: $0) } }
    do {
      let findings = try measure(image, questions, twin: &twinReader)
      return (findings, twinReader.map { $0.same && $0.reader.rowsRead == image.header.height })
    } catch let error as PNGError {
      return ([Diagnostic(path: image.path, severity: .error, code: .unreadablePNG, message: error.reason)], nil)
    } catch {
      return ([Diagnostic(path: image.path, severity: .error, code: .conversionFailed, message: "\(error)")], nil)
    }
  }

  /// The rows of the twin an image is compared with, read in step while they match.
  private struct TwinRows {
    let reader: PNGRowReader
    var same = true

    /// Reads the twin's next rows, as many as `rows` holds, and compares.
    mutating func compare(_ rows: PixelBuffer) {
      guard same, let others = try? reader.readRows(rows.height), others.layout == rows.layout,
        others.samples == rows.samples
      else {
        same = false
        return
      }
    }
  }

  /// Reads the strips the questions need and turns the answers into findings.
  private func measure(_ image: LintImage, _ questions: Questions, twin: inout TwinRows?) throws -> [Diagnostic] {
    let reader = try image.rows()
    let (width, height) = (reader.header.width, reader.header.height)
    let ownPixelsAreSRGB =
      (image.decision.source == .untagged || image.decision.name == "sRGB") && reader.bitDepth == 8
    let measuring = questions.clipping || questions.displayP3Slot
    let route =
      measuring || (questions.dark && !ownPixelsAreSRGB)
      ? try context.converter.route(for: reader.colorChunks, layout: reader.layout, to: .sRGB) : nil
    let analysis =
      questions.clipping
      ? ClippingAnalyzer.Stream(
        analyzer: ClippingAnalyzer(thresholds: context.configuration.options.thresholds), width: width, height: height)
      : nil
    var tally = PixelTally(sixteen: questions.sixteen, displayP3Slot: questions.displayP3Slot, dark: questions.dark)
    let stripRows = max(1, PNGRowReader.stripPixels / max(width, 1))
    // An image larger than a strip: a few rows first, then eight times more each read up to a strip, so that the
    // questions that settle early (a sample 8 bits do not hold, a pixel outside sRGB) cost a few rows, not a strip (a
    // P3 rendition after a fix, say). A smaller one is read whole, so that a file cut short is always reported.
    var next = height > stripRows ? min(stripRows, 16) : stripRows
    while reader.rowsRead < height {
      let first = reader.rowsRead
      let rows = try reader.readRows(min(next, height - first))
      next = min(stripRows, next * 8)
      tally.addFileRows(rows)
      twin?.compare(rows)
      if let route, measuring {
        let measured = route.convertMeasuring(rows, firstRow: first)
        analysis?.add(measured)
        tally.addSRGBRows(measured.image, outOfGamut: measured.outOfGamut, source: rows)
      } else if let route {
        tally.addSRGBRows(route.convert(rows, firstRow: first), outOfGamut: nil, source: rows)
      } else {
        tally.addSRGBRows(rows, outOfGamut: nil, source: rows)
      }
      if analysis == nil && tally.isSettled && twin?.same != true { break }
    }
    if reader.rowsRead == height { try reader.finish() }
    return findings(image, tally: tally, report: analysis?.finish().report)
  }

  private func findings(_ image: LintImage, tally: PixelTally, report: ClippingReport?) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    if tally.eightBitsHold == true {
      findings.append(
        Diagnostic(
          path: image.path, severity: .note, code: .needless16Bit,
          message: "a 16-bit PNG whose every sample 8 bits hold exactly; saved at 8 bits it is about half the size"))
    }
    if tally.leavesSRGB == false {
      findings.append(
        Diagnostic(
          path: image.path, severity: .warning, code: .p3WithinSRGB,
          message: "this display-P3 rendition never leaves sRGB (\(image.spaceName)); its sRGB rendition shows the "
            + "same colors, so the pair only adds size"))
    }
    if let report, report.verdict != .ok { findings.append(clipping(report, image: image)) }
    if let white = tally.white,
      let finding = white.diagnostic(path: image.path, limit: context.configuration.options.darkWhiteShareLimit)
    {
      findings.append(finding)
    }
    return findings
  }

  /// The clipping verdict of an image that sRGB displays get as it is. Display P3 screens (most Apple devices
  /// since 2016) show it as drawn and sRGB ones clip it, so lint says a warning for the verdict `error` and a note
  /// for `warning`; `lint: rules:` can raise them (to `error`, exit status 2, as `gamut build` under `srgb`).
  private func clipping(_ report: ClippingReport, image: LintImage) -> Diagnostic {
    let measures =
      "\(LintContext.percent(report.outOfGamutShare)) of pixels outside sRGB, "
      + "\(LintContext.percent(report.colorShift.shareAbove1)) visibly changed (ΔE2000 > 1), "
      + "\(report.plateaus.count) clipping plateaus, "
      + "\(LintContext.percent(report.lostDistinctions.share)) of neighbouring pairs merged, ΔE2000 max "
      + LintContext.format(report.colorShift.max)
    let slot = image.entry.displayGamut == nil ? "an any-gamut slot" : "the sRGB slot"
    return Diagnostic(
      path: image.path, severity: report.verdict == .error ? .warning : .note, code: .clipping(report.verdict),
      message: "\(image.spaceName) colors that Display P3 screens show as drawn clip on sRGB screens (\(measures)): "
        + report.reasons.joined(separator: "; ") + "; \(slot) holds it with no sRGB rendition. To give sRGB screens "
        + "their own, set the image set's Gamut to \"sRGB and Display P3\" in Xcode's Attributes inspector and put an "
        + "sRGB version in the sRGB slot (gamut build writes both)")
  }
}
