/// The color space of a PNG's pixels, decided from its color chunks with the PNG 3rd edition precedence: cICP, then
/// iCCP, then sRGB, then gAMA/cHRM; a PNG with none of them is treated as sRGB.
///
/// A chunk that cannot be used is passed over with a warning (``fallbacks``) and the next one decides: a chunk the
/// reader ignored as malformed or repeated (``ColorChunks/ignoredChunks``; one ranked below the deciding chunk would
/// not have counted anyway and is only a remark); a cICP with matrix coefficients other than 0; an iCCP chunk that
/// cannot be read (CRC error, unknown compression method, data that does not inflate), whose profile lcms2 rejects,
/// that is not an RGB or gray device profile, whose data color space is not the image's (a gray profile in an RGB image
/// or the other way round: the PNG specification says a decoder ignores it), or that gamut cannot convert from (a
/// nonsense curve or white, a table lcms2 cannot build a transform from); a gAMA/cHRM that makes no usable profile. So
/// ``profile`` is nil only when the deciding chunk names a space gamut recognises and cannot convert (PQ, HLG, DCI-P3
/// via cICP, unknown cICP code points), and a conversion from a decision with a profile succeeds.
///
/// A lookup-table profile that identification names a known space (the ICC's sRGB v4 preference profile is named
/// sRGB) is converted as that space, from gamut's own profile for it: its tables evaluated relative colorimetric
/// map black above black (to sRGB 29,29,29, L* 11, for the sRGB preference profile), which no one who tagged a file
/// "sRGB" expects.
///
/// gAMA/cHRM names are honest about the curve: the name of a known space when primaries and curve both match it
/// (Adobe RGB primaries with gamma 2.2 is "Adobe RGB (1998)"), otherwise "<primaries> primaries, <curve>", for
/// example "sRGB primaries, gamma 2.2" for the common gAMA 0.45455: a pure power, not the sRGB curve.
package struct ColorSpaceDecision: Sendable, Equatable {
  /// The chunk that decided.
  package enum Source: String, Sendable, Codable, CaseIterable {
    /// Coding-independent code points (H.273).
    case cICP = "cICP"
    /// An embedded ICC profile.
    case iCCP = "iCCP"
    /// The sRGB chunk.
    case sRGB = "sRGB"
    /// gAMA and/or cHRM.
    case gAMAcHRM = "gAMA/cHRM"
    /// No usable color chunk: sRGB is assumed.
    case untagged = "untagged"
  }

  /// The chunk that decided.
  package var source: Source
  /// The identified space: "sRGB", "Display P3", "Rec. 2020", "Rec. 2100 PQ", "unknown"...
  package var name: String
  /// The embedded profile's inspection, when an iCCP decided.
  package var profileInfo: ProfileInfo?
  /// The identification of the profile used (embedded or built), when there is one.
  package var identification: ColorSpaceIdentification?
  /// The profile to convert from: the embedded one (original bytes), a built-in one, or one built from cICP or
  /// gAMA/cHRM; nil when gamut cannot convert this space (PQ, HLG, DCI-P3 via cICP, unknown cICP).
  package var profile: ICCProfile?
  /// The color chunks that would have decided and could not be used, each with the reason: a fallback every
  /// command reports as a warning.
  package var fallbacks: [Fallback]
  /// What else to know about the answer: lower-precedence chunks ignored, assumptions, identification notes.
  package var remarks: [String]

  /// A color chunk passed over: which one and why.
  package struct Fallback: Sendable, Equatable {
    /// The chunk: `cICP`, `iCCP`, `sRGB`, `gAMA`, `cHRM`, or `gAMA/cHRM` for the pair.
    package var chunk: String
    /// Why, as the rest of a sentence that starts with the chunk name.
    package var reason: String
    /// "<chunk> <reason>".
    package var text: String { "\(chunk) \(reason)" }
  }

  /// What was passed over and why (``fallbacks``), then what to know about the answer (``remarks``).
  package var notes: [String] { warnings + remarks }
  /// The text of each fallback.
  package var warnings: [String] { fallbacks.map(\.text) }

  /// Decides the color space of a PNG with these chunks.
  package init(chunks: ColorChunks) {
    var passedOver: [Fallback] = []
    let ranks: [(source: Source, chunkNames: [String])] = [
      (.cICP, ["cICP"]), (.iCCP, ["iCCP"]), (.sRGB, ["sRGB"]), (.gAMAcHRM, ["gAMA", "cHRM"]),
    ]
    for (rank, (source, chunkNames)) in ranks.enumerated() {
      // A malformed or repeated chunk of this rank would have counted: a fallback.
      passedOver += chunks.ignoredChunks.filter { chunkNames.contains($0.name) }.map(Self.fallback)
      let decision: ColorSpaceDecision? =
        switch source {
        case .cICP: Self.fromCodingPoints(chunks, passedOver: &passedOver)
        case .iCCP: Self.fromEmbeddedProfile(chunks, passedOver: &passedOver)
        case .sRGB: Self.fromSRGBChunk(chunks, passedOver: passedOver)
        default: Self.fromGammaAndChromaticities(chunks, passedOver: &passedOver)
        }
      if var decision {
        // One of a lower rank would not have counted anyway: a remark.
        let lower = Set(ranks[(rank + 1)...].flatMap(\.chunkNames))
        decision.remarks += chunks.ignoredChunks.filter { lower.contains($0.name) }.map { Self.fallback($0).text }
        self = decision
        return
      }
    }
    self.init(
      source: .untagged, name: "sRGB", profileInfo: nil, identification: nil, profile: BuiltInProfiles.sRGB,
      remarks: ["no usable color chunk: treated as sRGB"], fallbacks: passedOver)
  }

  private init(
    source: Source, name: String, profileInfo: ProfileInfo?, identification: ColorSpaceIdentification?,
    profile: ICCProfile?, remarks: [String], fallbacks: [Fallback]
  ) {
    self.source = source
    self.name = name
    self.profileInfo = profileInfo
    self.identification = identification
    self.profile = profile
    self.remarks = remarks
    self.fallbacks = fallbacks
  }

  private static func fallback(_ ignored: ColorChunks.IgnoredChunk) -> Fallback {
    Fallback(chunk: ignored.name, reason: "chunk ignored (\(ignored.reason))")
  }

  /// The warning to print for a fallback: the chunk passed over and why, then what was used instead.
  package func warning(for fallback: Fallback) -> String {
    let used = source == .untagged ? "sRGB (no usable color chunk)" : "\(name) (from \(source.rawValue))"
    return "\(fallback.text); converted as \(used) instead"
  }

  /// ``warning(for:)`` for each fallback.
  package var fallbackWarnings: [String] { fallbacks.map(warning(for:)) }

  /// The note naming the lower-precedence chunks that were present and ignored, if any.
  private static func ignoredNote(_ chunks: ColorChunks, after winner: String) -> [String] {
    let order = ["cICP", "iCCP", "sRGB", "gAMA", "cHRM"]
    let winnerRank = order.firstIndex(of: winner) ?? 0
    let ignored = chunks.presentChunkNames.filter { (order.firstIndex(of: $0) ?? 0) > winnerRank }
    guard !ignored.isEmpty else { return [] }
    return ["\(winner) takes precedence; ignored \(ignored.joined(separator: ", "))"]
  }

  private static func fromCodingPoints(_ chunks: ColorChunks, passedOver: inout [Fallback]) -> ColorSpaceDecision? {
    guard let points = chunks.codingPoints else { return nil }
    let p = points.colorPrimaries
    let t = points.transferFunction
    guard points.matrixCoefficients == 0 else {
      passedOver.append(
        Fallback(
          chunk: "cICP",
          reason: "matrix coefficients \(points.matrixCoefficients) are not valid in PNG (must be 0): ignored"))
      return nil
    }
    var decisionNotes: [String] = []
    let name: String
    var profile: ICCProfile?
    if let known = CodingPointsMapping.name(primaries: p, transfer: t) {
      name = known
      if !points.fullRange {
        decisionNotes.append("narrow-range cICP is not supported: \(known) cannot be converted")
      } else {
        profile = try? ProfileFactory.profile(for: points)
        if profile == nil {
          decisionNotes.append("cICP \(p)/\(t) (\(known)) is recognised but gamut cannot convert it")
        }
      }
    } else {
      name = KnownColorSpace.unknown.rawValue
      let primariesText = CodingPointsMapping.primaries(p) == nil ? "colour primaries \(p)" : nil
      let transferText = CodingPointsMapping.transfer(t) == nil ? "transfer characteristics \(t)" : nil
      let what = [primariesText, transferText].compactMap { $0 }.joined(separator: " and ")
      decisionNotes.append("cICP \(what) not supported")
    }
    let identification = try? profile?.identify()
    return ColorSpaceDecision(
      source: .cICP, name: name, profileInfo: nil, identification: identification, profile: profile,
      remarks: decisionNotes + ignoredNote(chunks, after: "cICP"), fallbacks: passedOver)
  }

  private static func fromEmbeddedProfile(_ chunks: ColorChunks, passedOver: inout [Fallback]) -> ColorSpaceDecision? {
    if let problem = chunks.unreadableProfile {
      passedOver.append(Fallback(chunk: "iCCP", reason: "chunk cannot be read (\(problem)): ignored"))
      return nil
    }
    guard let embedded = chunks.iccProfile else { return nil }
    func passOver(_ why: String) {
      passedOver.append(Fallback(chunk: "iCCP", reason: "profile \"\(embedded.name)\" " + why))
    }
    let profile: ICCProfile
    let info: ProfileInfo
    let identification: ColorSpaceIdentification
    do {
      profile = try ICCProfile(bytes: embedded.bytes)
      (info, identification) = try profile.inspectAndIdentify()
    } catch {
      passOver("is unusable: \(error)")
      return nil
    }
    let usableClasses = ["scnr", "mntr", "prtr", "spac"]
    guard info.colorSpace == "RGB" || info.colorSpace == "GRAY", usableClasses.contains(info.deviceClassSignature)
    else {
      passOver(
        "is a profile of class \(info.deviceClass) for \(info.colorSpace) data, not for PNG pixels: ignored")
      return nil
    }
    let imageKind = chunks.pixelsAreGray ? "GRAY" : "RGB"
    guard info.colorSpace == imageKind else {
      passOver(
        "is for \(info.colorSpace == "GRAY" ? "gray" : "RGB") data but the image is "
          + "\(chunks.pixelsAreGray ? "gray" : "RGB"): ignored, as the PNG specification asks")
      return nil
    }
    var notes = identification.notes
    var converted = profile
    if info.model == .lutBased, let stand = standIn(for: identification) {
      converted = stand
      notes.append(
        "converted as \(identification.name) (gamut's own profile), not through the profile's lookup tables")
    } else {
      do {
        try ConversionRoute.validate(profile)
      } catch {
        passOver("cannot be converted from: \(error.message)")
        return nil
      }
    }
    return ColorSpaceDecision(
      source: .iCCP, name: identification.name, profileInfo: info, identification: identification,
      profile: converted, remarks: notes + ignoredNote(chunks, after: "iCCP"), fallbacks: passedOver)
  }

  /// gamut's profile for a space that identification recognised in a lookup-table profile, if it has one.
  private static func standIn(for identification: ColorSpaceIdentification) -> ICCProfile? {
    let primaries: ColorChunks.Chromaticities
    switch identification.space {
    case .sRGB: return BuiltInProfiles.sRGB
    case .displayP3: return BuiltInProfiles.displayP3
    case .rec709: primaries = .sRGB
    case .dciP3: primaries = .dciP3
    case .adobeRGB: primaries = .adobeRGB
    case .rec2020: primaries = .rec2020
    case .proPhoto: primaries = .proPhoto
    case .gray, .unknown: return nil
    }
    guard let transfer = identification.transfer else { return nil }
    return try? ProfileFactory.rgbProfile(
      primaries: primaries, transfer: transfer, description: "\(identification.name) (gamut)")
  }

  private static func fromSRGBChunk(_ chunks: ColorChunks, passedOver: [Fallback]) -> ColorSpaceDecision? {
    guard chunks.sRGBIntent != nil else { return nil }
    return ColorSpaceDecision(
      source: .sRGB, name: KnownColorSpace.sRGB.rawValue, profileInfo: nil, identification: nil,
      profile: BuiltInProfiles.sRGB, remarks: ignoredNote(chunks, after: "sRGB"), fallbacks: passedOver)
  }

  private static func fromGammaAndChromaticities(
    _ chunks: ColorChunks, passedOver: inout [Fallback]
  ) -> ColorSpaceDecision? {
    guard chunks.gamma != nil || chunks.chromaticities != nil else { return nil }
    let profile: ICCProfile
    let identification: ColorSpaceIdentification
    do {
      profile = try ProfileFactory.pngProfile(gamma: chunks.gamma, chromaticities: chunks.chromaticities)
      identification = try profile.identify()
    } catch {
      passedOver.append(Fallback(chunk: "gAMA/cHRM", reason: "cannot be used: \(error)"))
      return nil
    }
    var decisionNotes: [String] = []
    if chunks.chromaticities == nil { decisionNotes.append("no cHRM: sRGB primaries assumed") }
    if chunks.gamma == nil { decisionNotes.append("no gAMA: the sRGB curve assumed") }
    let name: String
    if identification.space != .unknown {
      name = identification.name
    } else {
      let curve = identification.transfer.map { $0 == .sRGB ? "sRGB curve" : "\($0)" } ?? "custom curve"
      name = "\(identification.primaries ?? "custom") primaries, \(curve)"
      if let gamma = chunks.gamma, identification.primaries == "sRGB", abs(1 / gamma - 2.2) < 0.01 {
        decisionNotes.append("gAMA \(gamma) is a pure gamma 2.2 curve: close to, but not, the sRGB curve")
      }
    }
    return ColorSpaceDecision(
      source: .gAMAcHRM, name: name, profileInfo: nil, identification: identification, profile: profile,
      remarks: decisionNotes, fallbacks: passedOver)
  }
}
