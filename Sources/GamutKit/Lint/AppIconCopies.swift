/// The appearances of an app icon that copy another for one platform and size: a tinted icon that is the dark or
/// any-appearance one (the same file, bytes or pixels: `app-icon-tinted-copy`, a warning, as the system tints it from
/// its luminance and its colors turn to one muddy hue) and a dark icon that is a copy of the any-appearance one
/// (another file with the same bytes or pixels: `app-icon-dark-copy`, a note, as Dark Mode then shows the light icon
/// unchanged). A dark entry naming the any-appearance file itself is a choice made in Xcode (a flag icon kept as it
/// is, say) and is left alone.
struct AppIconCopies {
  /// The findings, at the copying entries.
  private(set) var findings: [Diagnostic] = []
  /// The files of tinted entries found to be copies (their chroma check would only repeat it).
  private(set) var tintedCopies: Set<String> = []

  init(set: CatalogSet, images: [LintImage], context: LintContext) {
    let byFile = Dictionary(images.map { ($0.entry.filename ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    let filled = set.entries.filter { $0.filename != nil }
    func slot(_ entry: CatalogEntry) -> [String?] { [entry.idiom, entry.platform, entry.size, entry.scale] }
    func copy(of entry: CatalogEntry, among appearances: [String?]) -> (CatalogEntry, AppearanceCopies.Copy)? {
      for other in filled where appearances.contains(other.luminosity) && slot(other) == slot(entry) {
        if let copy = AppearanceCopies.copy(entry, of: other, in: set, images: byFile, context: context) {
          return (other, copy)
        }
      }
      return nil
    }
    for entry in filled {
      let file = entry.filename ?? ""
      switch entry.luminosity {
      case "tinted":
        guard let (other, how) = copy(of: entry, among: ["dark", nil]) else { continue }
        tintedCopies.insert(file)
        findings.append(
          context.atEntry(
            set, line: entry.line, .warning, .appIconTintedCopy,
            "the tinted icon '\(file)' \(how.phrase("\(other.luminosity ?? "any")-appearance icon", other.filename ?? "")): "
              + "the system tints it from its luminance, so its colors turn to one muddy hue; give it grayscale "
              + "artwork"))
      case "dark":
        guard let (other, how) = copy(of: entry, among: [nil]), how != .sameFile else { continue }
        findings.append(
          context.atEntry(
            set, line: entry.line, .note, .appIconDarkCopy,
            "the dark icon '\(file)' \(how.phrase("any-appearance icon", other.filename ?? "")): Dark Mode shows the "
              + "light icon unchanged (to mean that, name the same file in both slots; else give it dark artwork)"))
      default:
        continue
      }
    }
  }
}
