/// Why an ICC profile was rejected or could not be built, with lcms2's own message when it gave one.
package struct ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of problem it is.
  package enum Kind: String, Sendable, Codable {
    /// Fewer bytes than an ICC header and tag count (132).
    case tooSmall
    /// More bytes than ``ICCProfile/maximumSize``.
    case tooLarge
    /// The header is not an ICC header (signature, declared size, version or tag count is wrong).
    case badHeader
    /// lcms2 could not open the profile.
    case unreadable
    /// lcms2 opened the profile but cannot build a transform from it.
    case unusable
    /// The inputs for building a profile were not valid (for example degenerate primaries).
    case invalidParameters
    /// lcms2 failed in a way not covered above.
    case lcmsFailure
  }

  /// What kind of problem it is.
  package var kind: Kind
  /// What was wrong, in our words.
  package var detail: String
  /// What lcms2 reported through its log handler, if anything.
  package var lcmsMessage: String?

  /// Creates an error.
  package init(_ kind: Kind, _ detail: String, lcmsMessage: String? = nil) {
    self.kind = kind
    self.detail = detail
    self.lcmsMessage = lcmsMessage
  }

  package var description: String {
    guard let lcmsMessage else { return detail }
    return "\(detail) (lcms2: \(lcmsMessage))"
  }
}
