/// Compares a catalog entry (or a folder's `Contents.json`) of the original catalog with the same one in the catalog
/// built from the imported sources. `Contents.json` files are judged by ``CatalogEquivalence``; every other file is
/// compared byte for byte, streamed (a file of any size costs two small buffers).
enum RoundTripCheck {
  typealias Verdict = CatalogEquivalence.Verdict

  /// The largest `Contents.json` compared (the catalog reader's own limit).
  static let maxContentsBytes = CatalogReader.Limits().maximumContentsSize

  /// A set expressed as sources: its `Contents.json` by equivalence, and each file the original's `Contents.json`
  /// names (`named`) byte for byte. `leftOut` are the set's other files, which the import does not carry.
  static func compareSet(
    _ relative: String, original: String, rebuilt: String, named: Set<String>, leftOut: [String]
  ) -> Verdict {
    let left = original + "/" + relative
    let right = rebuilt + "/" + relative
    guard (try? FileStatus(path: right))?.kind == .folder else { return .differs("the build did not write it") }
    let contents = compareContents(left + "/Contents.json", right + "/Contents.json")
    if case .differs(let how) = contents { return .differs("Contents.json: " + how) }
    for name in named.sorted(by: { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }) {
      switch StreamedFile.sameBytes(left + "/" + name, right + "/" + name) {
      case true?: continue
      case false?: return .differs(QuotedValue.quote(name) + ": bytes differ")
      case nil: return .differs(QuotedValue.quote(name) + ": not written by the build")
      }
    }
    let written = ImportSurvey.list(right).map(\.name).filter { $0 != "Contents.json" }
    if let extra = written.first(where: { name in !named.contains { $0.utf8.elementsEqual(name.utf8) } }) {
      return .differs("the build writes " + QuotedValue.quote(extra) + ", which the original does not name")
    }
    var notes: [String] = []
    if case .equivalent(let how) = contents { notes.append(how) }
    if !leftOut.isEmpty {
      notes.append("left out, named by no entry: " + leftOut.prefix(3).map(QuotedValue.quote).joined(separator: ", "))
    }
    return notes.isEmpty ? .identical : .equivalent(notes.joined(separator: "; "))
  }

  /// A folder's `Contents.json`, which either side may lack (``CatalogEquivalence/contents(_:_:)``).
  static func compareContents(_ left: String, _ right: String) -> Verdict {
    let original: [UInt8]?
    let rebuilt: [UInt8]?
    do {
      original = try readContents(left)
      rebuilt = try readContents(right)
    } catch {
      return .differs(error.reason)
    }
    return CatalogEquivalence.contents(original, rebuilt)
  }

  /// A kept entry, a loose file or a kept `Contents.json`, which must come back byte for byte: the same names
  /// (compared as bytes, hidden ones included) and the same bytes in every file, folders compared recursively.
  /// `leftOut` paths (relative to the catalogs) are skipped on the original's side.
  static func compareVerbatim(
    _ relative: String, original: String, rebuilt: String, leftOut: Set<[UInt8]> = []
  ) -> Verdict {
    var pending = [relative]
    while let path = pending.popLast() {
      let left = original + "/" + path
      let right = rebuilt + "/" + path
      guard let kind = (try? FileStatus(path: left))?.kind else { return .differs("unreadable in the original") }
      if kind == .regular {
        switch StreamedFile.sameBytes(left, right) {
        case true?: continue
        case false?: return .differs(QuotedValue.quote(path) + ": bytes differ")
        case nil: return .differs(QuotedValue.quote(path) + ": not written by the build")
        }
      }
      guard kind == .folder, (try? FileStatus(path: right))?.kind == .folder else {
        return .differs(QuotedValue.quote(path) + ": not rebuilt as a folder")
      }
      let leftNames = ImportSurvey.list(left).map(\.name).filter { !leftOut.contains(Array((path + "/" + $0).utf8)) }
      let rightNames = ImportSurvey.list(right).map(\.name)
      guard leftNames.map({ Array($0.utf8) }) == rightNames.map({ Array($0.utf8) }) else {
        let missing = leftNames.filter { name in !rightNames.contains { $0.utf8.elementsEqual(name.utf8) } }
        let extra = rightNames.filter { name in !leftNames.contains { $0.utf8.elementsEqual(name.utf8) } }
        return .differs(
          "files: "
            + (missing.isEmpty ? "" : "not rebuilt " + missing.prefix(3).map(QuotedValue.quote).joined(separator: ", "))
            + (extra.isEmpty ? "" : " new " + extra.prefix(3).map(QuotedValue.quote).joined(separator: ", ")))
      }
      pending += leftNames.reversed().map { path + "/" + $0 }
    }
    return .identical
  }

  /// A `Contents.json`'s bytes, nil when there is none; refused when it is not a regular file or is too large.
  private static func readContents(_ path: String) throws(FileError) -> [UInt8]? {
    guard let status = try? FileStatus(path: path) else { return nil }
    guard status.kind == .regular else {
      throw FileError(path: path, operation: "compare", reason: "Contents.json is not a regular file")
    }
    return try BoundedFile.read(path, limit: maxContentsBytes, what: "Contents.json")
  }
}
