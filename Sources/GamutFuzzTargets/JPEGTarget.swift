internal import GamutKit

/// Fuzz body for JPEG sources: ``JPEGHeader`` as `gamut build` runs it on a `.jpg` it copies (the marker walk, the
/// frame header, the ICC profile chunks, the end marker).
public enum JPEGTarget {
  /// Reads `bytes`; a refusal must say something, and what is read must be a size and layout gamut takes.
  public static func run(_ bytes: [UInt8]) {
    do throws(JPEGHeader.Failure) {
      let header = try JPEGHeader.read(bytes)
      precondition((1...65_535).contains(header.width) && (1...65_535).contains(header.height), "size out of range")
      precondition([1, 3, 4].contains(header.components), "components out of range")
      precondition(header.precision == 8 || header.precision == 12, "precision out of range")
      precondition(header.profile == nil || header.profileProblem == nil, "a profile and a problem with it")
      precondition((header.profile?.count ?? 0) <= JPEGHeader.maxProfileBytes, "a profile over the bound")
    } catch {
      precondition(!error.reason.isEmpty, "a refusal without a reason")
    }
  }
}
