internal import GamutKit

/// Fuzz body for the catalog reader's `Contents.json` parsing: the lossless JSON reader, the shape check and the
/// typed views of entries, for a set of every kind and for a group; and `lint --fix`'s rewrite in today's layout.
public enum ContentsJSONTarget {
  /// Parses `bytes` as the `Contents.json` of each kind. Every finding must point at a line of the file; every
  /// entry's typed views must be computable, and its traits, when it has them, consistent with its keys.
  public static func run(_ bytes: [UInt8]) {
    let lineCount = bytes.count { $0 == 0x0A } + 1
    for kind in [nil] + CatalogSet.Kind.allCases.map(Optional.some) {
      let parsed = CatalogReader.parseContents(bytes, kind: kind, path: "Fuzz/Contents.json")
      for finding in parsed.findings {
        precondition((1...lineCount).contains(finding.line ?? 1), "a finding outside the file: \(finding)")
      }
      if let document = parsed.document, let rewritten = ContentsLayoutLint.rewritten(bytes, document: document) {
        // lint --fix's rewrite in today's layout: Xcode's spacing, the same values, and a fixed point.
        let again = CatalogReader.parseContents(rewritten, kind: kind, path: "Fuzz/Contents.json").document
        precondition(ContentsLayoutLint.hasXcodeSpacing(rewritten), "a rewrite not in Xcode's spacing")
        precondition(again.map { ContentsLayoutLint.rewritten(rewritten, document: $0) == nil } == true, "unstable")
      }
      guard let kind, let document = parsed.document else { continue }
      for element in document[kind.entriesKey]?.elements ?? [] {
        guard let members = element.members else { continue }
        let entry = CatalogEntry(line: element.line, members: members)
        if let traits = entry.traits {
          precondition(traits.idiom.rawValue == (entry.idiom ?? "universal"), "traits with another idiom")
          precondition(traits.highContrast == entry.highContrast, "traits with another contrast")
        }
        _ = (entry.filename, entry.scaleFactor, entry.luminosity, entry.color?.components.count)
      }
    }
  }
}
