/// An app icon set (`Name.appiconset`) expressed as the sources gamut reads: the 1024-point artwork per appearance
/// (`AppIcon.png`, `AppIcon~dark.png`, `AppIcon~tinted.png`), hand-tuned macOS sizes (`AppIcon~16@2x.png`), and the
/// platforms in the configuration. Only the single-size format gamut writes can be expressed; the rebuild then
/// converts and resamples, which the check compares.
enum AppIconImport {
  static func translate(_ entry: ImportInventory.Entry, set: CatalogSet) throws(KeepReason) -> TranslatedEntry {
    _ = try ImportNames.qualifiedName(entry)
    guard set.hasXcodeInfo, Set(set.topLevelKeys) == ["images", "info"] else {
      throw KeepReason(.key, "app icon Contents.json with keys or info gamut does not write")
    }
    var result = TranslatedEntry(path: entry.path)
    if entry.name != "AppIcon" { result.configuration.appIcons.append(entry.name) }
    let folder = entry.group.joined(separator: "/")
    for image in set.entries {
      let (platform, sourceName) = try source(of: image, name: entry.name)
      result.configuration.appIconPlatforms.insert(platform)
      guard let fileName = image.filename else { continue }
      guard entry.hasFile(fileName) else { throw KeepReason(.absentFile, QuotedValue.quote(fileName)) }
      guard fileName.lowercased().hasSuffix(".png") else { throw KeepReason(.rendition, "an icon that is not PNG: " + QuotedValue.quote(fileName)) }
      // gamut names an icon's files itself (its sources' names, `Name~watchos.png`): another name cannot come back.
      let written = sourceName ?? entry.name + "~watchos.png"
      guard fileName == written else {
        throw KeepReason(.name, "icon file '\(fileName)' is not named as gamut writes it ('\(written)')")
      }
      guard let sourceName else { continue }
      result.copies.append(
        .init(from: entry.path + "/" + fileName, to: folder.isEmpty ? sourceName : folder + "/" + sourceName))
    }
    result.note = "icon converted and resampled on build"
    return result
  }

  /// The platform an entry belongs to and the source that fills it (nil for the watchOS icon, which gamut makes
  /// from the artwork).
  private static func source(of image: CatalogEntry, name: String) throws(KeepReason) -> (String, String?) {
    let size = image.size ?? ""
    let idiom = image.idiom ?? ""
    let keys = Set(image.members.map(\.key)).subtracting(["filename"])
    switch (idiom, image.platform) {
    case ("universal", "ios"?) where size == "1024x1024":
      guard keys.isSubset(of: ["idiom", "platform", "size", "appearances"]) else { break }
      guard keys.contains("appearances") else { return ("ios", name + ".png") }
      guard image.appearances.count == 1, image.appearances[0].appearance == "luminosity",
        let value = image.luminosity, value == "dark" || value == "tinted"
      else { break }
      return ("ios", name + "~" + value + ".png")
    case ("universal", "watchos"?) where size == "1024x1024" && keys == ["idiom", "platform", "size"]:
      return ("watchos", nil)
    case ("mac", nil) where keys == ["idiom", "scale", "size"]:
      let points = size.split(separator: "x").first.map(String.init) ?? ""
      guard ["16", "32", "128", "256", "512"].contains(points), size == points + "x" + points,
        let scale = image.scale, scale == "1x" || scale == "2x"
      else { break }
      return ("macos", name + "~" + points + "@" + scale + ".png")
    default:
      break
    }
    throw KeepReason(
      .layout, "app icon entry \(idiom) \(image.platform ?? "") \(size) (gamut writes the single-size format)")
  }
}
