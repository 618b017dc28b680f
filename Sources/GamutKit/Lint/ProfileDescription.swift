/// What a PNG's color information really says, in words, for `unusual-profile`: the chunk that decides, and for
/// an embedded profile its description, version, class, primaries and curve, and whether it was made for one
/// screen (it carries a calibration, `vcgt`, or a display model, `mmod`: what ColorSync writes for a monitor).
///
/// sRGB, Display P3 and gray (any curve: Apple's Generic Gray Gamma 2.2 is gray) are what they should be, and so is a
/// bare gAMA of 1/2.2 with sRGB or no primaries (a pure power curve a hair from sRGB's, written by countless old
/// exports): none is described.
enum ProfileDescription {
  /// The tags that mark a profile made for one screen.
  static let screenTags: Set<String> = ["vcgt", "mmod"]

  /// What `image` carries when it is a space lint reports, else nil.
  static func unusual(_ image: LintImage) -> String? {
    let decision = image.decision
    guard !["sRGB", "Display P3"].contains(decision.name), decision.identification?.space != .gray,
      !decision.name.hasPrefix("Gray")
    else { return nil }
    switch decision.source {
    case .untagged, .sRGB:
      return nil
    case .gAMAcHRM:
      if isPlainGamma22(image.chunks) { return nil }
      let chunks = [image.chunks.gamma == nil ? nil : "gAMA", image.chunks.chromaticities == nil ? nil : "cHRM"]
      return "its \(chunks.compactMap { $0 }.joined(separator: " and ")) describe '\(decision.name)'"
    case .cICP:
      return "its cICP chunk names '\(decision.name)'"
    case .iCCP:
      return embedded(decision, profileBytes: image.chunks.iccProfile?.bytes ?? [])
    }
  }

  /// Whether the gAMA/cHRM that decide are a gamma of 1/2.2 (within 0.1) with sRGB primaries or none.
  static func isPlainGamma22(_ chunks: ColorChunks) -> Bool {
    guard let gamma = chunks.gamma, gamma > 0, abs(1 / gamma - 2.2) <= 0.1 else { return false }
    guard let given = chunks.chromaticities else { return true }
    let sRGB = ColorChunks.Chromaticities.sRGB
    let pairs = [
      (given.whiteX, sRGB.whiteX), (given.whiteY, sRGB.whiteY), (given.redX, sRGB.redX), (given.redY, sRGB.redY),
      (given.greenX, sRGB.greenX), (given.greenY, sRGB.greenY), (given.blueX, sRGB.blueX), (given.blueY, sRGB.blueY),
    ]
    return pairs.allSatisfy { abs($0.0 - $0.1) <= 0.001 }
  }

  /// The embedded profile in words: `its embedded profile 'Generic RGB Profile' (ICC 2.1, display class: primaries
  /// of no standard space, gamma 1.8)`.
  private static func embedded(_ decision: ColorSpaceDecision, profileBytes: [UInt8]) -> String {
    guard let info = decision.profileInfo else { return "its embedded profile, '\(decision.name)'" }
    let name = info.description.map { "'\(QuotedValue.shortened($0))'" } ?? "without a description"
    var what: String
    if let identification = decision.identification, identification.space != .unknown {
      what = identification.name
    } else {
      let primaries = decision.identification?.primaries.map { "\($0) primaries" } ?? "primaries of no standard space"
      let curve = decision.identification?.transfer.map { "\($0)" } ?? "a curve of its own"
      what = "\(primaries), \(curve)"
    }
    let screen = tags(profileBytes).filter { screenTags.contains($0) }
    if !screen.isEmpty {
      what += "; made for one screen (it carries " + screen.sorted().joined(separator: " and ") + ")"
    }
    return "its embedded profile \(name) (ICC \(info.version), \(info.deviceClass) class: \(what))"
  }

  /// The tag signatures of an ICC profile's tag table (bounded by the profile's length).
  static func tags(_ bytes: [UInt8]) -> [String] {
    guard bytes.count >= 132 else { return [] }
    func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    let count = min(word(128), (bytes.count - 132) / 12)
    return (0..<count).map { index in
      let start = 132 + index * 12
      return String(decoding: bytes[start..<start + 4], as: UTF8.self)
    }
  }
}
