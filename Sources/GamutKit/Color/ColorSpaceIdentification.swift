/// The answer to "which color space is this profile?", judged by colorants and curves, never by name.
package struct ColorSpaceIdentification: Sendable, Codable, Equatable {
  /// The recognised space, or ``KnownColorSpace/unknown``.
  package var space: KnownColorSpace
  /// The curve the profile's TRCs follow, when they follow one gamut can name.
  var transfer: TransferCurve?
  /// The named set of primaries and white that the colorants match (for example "Display P3"), even when the
  /// curve then rules the space out; nil when they match none.
  package var primaries: String?
  /// Why the answer is what it is, when that is worth saying (curve mismatches, LUT evaluation...).
  package var notes: [String]

  /// Creates an identification.
  init(space: KnownColorSpace, transfer: TransferCurve?, primaries: String?, notes: [String]) {
    self.space = space
    self.transfer = transfer
    self.primaries = primaries
    self.notes = notes
  }

  /// The name to show: the space's name; for gray with its curve, "Gray (sRGB curve)", "Gray (gamma 2.2)".
  package var name: String {
    guard space == .gray else { return space.rawValue }
    switch transfer {
    case .some(.gamma(let g)) where abs(g - 1) < 0.005: return "Gray (linear)"
    case .some(.gamma(let g)): return "Gray (gamma \(TransferCurve.format(g)))"
    case .some(let curve): return "Gray (\(curve) curve)"
    case nil: return "Gray (custom curve)"
    }
  }
}
