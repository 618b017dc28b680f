/// Checks that an entry's group folders and name can be gamut source names, and gives its qualified name.
enum ImportNames {
  /// `Group/Name` of the entry, or why its names cannot be sources: a name gamut's file names or patterns read
  /// otherwise (`~` and `@` are name tokens, `*` and `?` pattern characters), or a group with an extension (the
  /// source scanner skips such folders).
  static func qualifiedName(_ entry: ImportInventory.Entry) throws(KeepReason) -> String {
    for group in entry.group {
      try check(group, what: "group")
      guard !group.contains(".") else {
        throw KeepReason(.name, "group " + QuotedValue.quote(group) + " has a dot (a source folder cannot)")
      }
    }
    try check(entry.name, what: "name")
    do throws(SourceNameError) {
      try SourceName.validate(assetName: entry.name)
    } catch {
      throw KeepReason(.name, "\(error)")
    }
    return (entry.group + [entry.name]).joined(separator: "/")
  }

  private static func check(_ name: String, what: String) throws(KeepReason) {
    if let bad = name.first(where: { "~@*?".contains($0) }) {
      throw KeepReason(
        .name, "\(what) \(QuotedValue.quote(name)) holds '\(bad)', which gamut's names read as a token or pattern")
    }
    if name.hasPrefix(".") || name.isEmpty {
      throw KeepReason(.name, "\(what) \(QuotedValue.quote(name)) is hidden or empty")
    }
  }
}
