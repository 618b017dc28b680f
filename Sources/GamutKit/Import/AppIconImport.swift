/// An app icon set (`Name.appiconset`) expressed as the sources of a copied icon (`unchanged:`, ``AppIconBuilder``):
/// each image copied byte for byte to the source of its slot (`AppIcon.png`, `AppIcon~dark.png`,
/// `AppIcon~tinted.png`, `AppIcon~16@1x.png`..., `AppIcon~watchos.png`), its catalog file name kept with `fileNames:`.
///
/// Gamut's formats are the single-size one of Xcode 14 and later (iOS any, dark and tinted; watchOS) and the macOS
/// block. The legacy multi-size formats (iPhone and iPad sizes, `ios-marketing`, watch roles and subtypes, `car`)
/// stay kept: gamut makes every size from one artwork, and a set of hand-drawn sizes has no source form short of
/// copying Xcode's whole slot template, which changed with every device Apple added (see docs/import.md).
enum AppIconImport {
  static func translate(_ entry: ImportInventory.Entry, set: CatalogSet) throws(KeepReason) -> TranslatedEntry {
    _ = try ImportNames.qualifiedName(entry)
    guard set.hasXcodeInfo else { throw KeepReason(.key, "info other than Xcode's (author xcode, version 1)") }
    if let extra = set.topLevelKeys.first(where: { $0 != "images" && $0 != "info" }) {
      throw KeepReason(.key, "app icon set key " + QuotedValue.quote(extra))
    }
    var result = TranslatedEntry(path: entry.path)
    if entry.name != "AppIcon" { result.configuration.appIcons.append(entry.name) }
    let folder = entry.group.joined(separator: "/")
    var roles: [AppIconSourceName.Role] = []
    for image in set.entries {
      let role = try role(of: image)
      guard let fileName = image.filename else {
        throw KeepReason(.layout, "an unfilled app icon slot (gamut lists only the images it has)")
      }
      guard !roles.contains(role) else { throw KeepReason(.layout, "two entries in one app icon slot") }
      roles.append(role)
      guard entry.hasFile(fileName) else { throw KeepReason(.absentFile, QuotedValue.quote(fileName)) }
      try ImageSetImport.checkSignature(entry, fileName: fileName, format: .png)
      let sourceName = role.slot.fileName(iconName: entry.name)
      let sourcePath = folder.isEmpty ? sourceName : folder + "/" + sourceName
      result.copies.append(.init(from: entry.path + "/" + fileName, to: sourcePath))
      if fileName != sourceName { result.configuration.fileNames[sourcePath] = fileName }
    }
    let macSizes = roles.filter { if case .macSize = $0 { true } else { false } }.count
    guard macSizes == 0 || macSizes == 10 else {
      throw KeepReason(.layout, "\(macSizes) of the 10 macOS sizes (gamut writes the whole macOS block)")
    }
    guard !roles.contains(where: { if case .artwork = $0 { true } else { false } }) || roles.contains(.artwork(.any))
    else { throw KeepReason(.layout, "dark or tinted artwork without the any-appearance one") }
    result.note = "images copied unchanged"
    return result
  }

  /// The source role of an entry of gamut's formats; the legacy multi-size formats are kept.
  private static func role(of image: CatalogEntry) throws(KeepReason) -> AppIconSourceName.Role {
    let size = image.size ?? ""
    let idiom = image.idiom ?? ""
    let keys = Set(image.members.map(\.key)).subtracting(["filename"])
    switch (idiom, image.platform) {
    case ("universal", "ios"?) where size == "1024x1024":
      guard keys.isSubset(of: ["idiom", "platform", "size", "appearances"]) else { break }
      guard keys.contains("appearances") else { return .artwork(.any) }
      guard image.appearances.count == 1, image.appearances[0].appearance == "luminosity",
        let value = image.luminosity, let appearance = AppIconSlot.Appearance(rawValue: value), appearance != .any
      else { break }
      return .artwork(appearance)
    case ("universal", "watchos"?) where size == "1024x1024" && keys == ["idiom", "platform", "size"]:
      return .watchArtwork
    case ("mac", nil) where keys == ["idiom", "scale", "size"]:
      let points = size.split(separator: "x").first.flatMap { Int($0) } ?? 0
      guard AppIconSlot.macPoints.contains(points), size == "\(points)x\(points)",
        let scale = image.scale, scale == "1x" || scale == "2x"
      else { break }
      return .macSize(points: points, scale: scale == "1x" ? 1 : 2)
    default:
      break
    }
    let what = [idiom, image.platform ?? "", image.role ?? "", image.subtype ?? "", size].filter { !$0.isEmpty }
    throw KeepReason(
      .layout,
      "the legacy multi-size app icon format (\(what.joined(separator: " "))); gamut writes the single-size one")
  }
}
