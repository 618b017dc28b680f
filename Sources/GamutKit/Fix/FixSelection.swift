import Foundation

/// Which findings `gamut lint --fix` fixes, by code: the safe set (`--fix` alone), or the codes named
/// (`--fix=CODE,...`). The safe fixes convert or add, keeping every pixel and value a catalog has (an original's
/// bytes go only where `--backup` or version control keeps them); the opt-in ones remove data or rewrite files no one
/// asked about, so they run only when named (docs/fix.md).
public struct FixSelection: Sendable, Equatable {
  /// The codes fixed.
  public var codes: Set<DiagnosticCode>

  /// What `--fix` alone fixes: wide-gamut art in an any-gamut or sRGB slot (a display-gamut pair), color spaces
  /// devices do not show as meant, mixed spaces in a slot, needless 16-bit files, Display P3 colors without an sRGB
  /// entry.
  public static let safe: [DiagnosticCode] = [
    .clipping(.warning), .clipping(.error), .unusualProfile, .unusableColorChunk, .unusableProfile, .mixedProfiles,
    .needless16Bit, .p3ColorWithoutSRGB,
  ]

  /// Fixed only when named: a `Contents.json` rewritten in today's layout, files no entry names removed, a dark
  /// rendition that copies its light one removed.
  public static let optIn: [DiagnosticCode] = [.contentsLayout, .unlistedFile, .darkRenditionCopy]

  /// Every code `--fix` can fix, in the order the docs list them.
  public static var fixable: [DiagnosticCode] { safe + optIn }

  /// The safe set.
  public init() {
    codes = Set(Self.safe)
  }

  /// These codes, each one `--fix` fixes.
  public init(codes: Set<DiagnosticCode>) {
    self.codes = codes.intersection(Self.fixable)
  }

  /// The codes of a `--fix=` value: codes separated by commas (`needless-16-bit,clipping-error`); `safe` stands for
  /// the safe set. Throws the message for a code gamut does not emit or cannot fix.
  public init(parsing text: String) throws(Problem) {
    codes = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = item.trimmingCharacters(in: .whitespaces)
      if name == "safe" {
        codes.formUnion(Self.safe)
        continue
      }
      let code = DiagnosticCode(rawValue: name)
      guard Self.fixable.contains(code) else {
        throw Problem(name: name, isCode: DiagnosticRegistry.entry(code) != nil)
      }
      codes.insert(code)
    }
  }

  /// A `--fix=` value that names something other than a code `--fix` fixes.
  public struct Problem: Error, Sendable, CustomStringConvertible {
    /// The name given.
    public var name: String
    /// Whether it is a code gamut emits (one `--fix` does not fix).
    public var isCode: Bool

    public var description: String {
      let known = FixSelection.fixable.map(\.rawValue).joined(separator: ", ")
      return isCode
        ? "--fix cannot fix \(QuotedValue.quote(name)); it fixes \(known)"
        : "--fix names \(QuotedValue.quote(name)), which is not a code; it fixes \(known) (or safe)"
    }
  }
}
