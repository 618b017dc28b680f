extension AppIconLint {
  /// The iOS single-size entry (`universal`, `platform` ios, 1024), the form that replaces every iOS size.
  private static func isSingleSizeIOS(_ entry: CatalogEntry) -> Bool {
    entry.idiom == "universal" && entry.platform == "ios"
  }

  /// `app-icon-missing-artwork` (no 1024 image for iOS), `app-icon-missing-slot` (slots of the set's platforms
  /// that nothing fills, leaving aside those a single-size image replaces, and the optional dark and tinted ones),
  /// `app-icon-missing-appearance` (an iOS single-size icon without dark or tinted).
  func slotFindings(_ set: CatalogSet) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let entries = set.entries
    let iOS = entries.contains { ["iphone", "ipad", "ios-marketing"].contains($0.idiom) || Self.isSingleSizeIOS($0) }
    let filled1024 = entries.contains {
      $0.filename != nil && $0.luminosity == nil && ($0.idiom == "ios-marketing" || Self.isSingleSizeIOS($0))
    }
    if iOS && !filled1024 {
      findings.append(
        context.atEntry(
          set, line: entries.first?.line, .error, .appIconMissingArtwork,
          "no 1024x1024 image for iOS (the App Store icon, and the image every size is made from)"))
    }
    let singleSize = entries.contains { $0.filename != nil && Self.isSingleSizeIOS($0) }
    let singleWatch = entries.contains { $0.filename != nil && $0.idiom == "universal" && $0.platform == "watchos" }
    let missing = entries.filter { entry in
      guard entry.filename == nil, entry.luminosity == nil else { return false }
      if singleSize && ["iphone", "ipad", "ios-marketing"].contains(entry.idiom) { return false }
      if singleWatch && ["watch", "watch-marketing"].contains(entry.idiom) { return false }
      return !(iOS && !filled1024 && (entry.idiom == "ios-marketing" || Self.isSingleSizeIOS(entry)))
    }
    if let first = missing.first {
      let slots = missing.prefix(6).map { "\($0.idiom ?? "?") \($0.size ?? "?")" + ($0.scale.map { "@" + $0 } ?? "") }
      findings.append(
        context.atEntry(
          set, line: first.line, .warning, .appIconMissingSlot,
          "\(missing.count) slot\(missing.count == 1 ? "" : "s") of the set's platforms have no image: "
            + slots.joined(separator: ", ") + (missing.count > 6 ? ", ..." : "")))
    }
    if singleSize {
      let has = Set(entries.filter { $0.filename != nil && Self.isSingleSizeIOS($0) }.compactMap(\.luminosity))
      let absent = ["dark", "tinted"].filter { !has.contains($0) }
      if !absent.isEmpty {
        findings.append(
          context.atEntry(
            set, line: entries.first { Self.isSingleSizeIOS($0) }?.line, .note, .appIconMissingAppearance,
            "the iOS icon has no \(absent.joined(separator: " or ")) appearance; iOS 18 derives one from the "
              + "any-appearance icon"))
      }
    }
    return findings
  }
}
