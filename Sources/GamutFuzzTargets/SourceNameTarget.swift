internal import GamutKit

/// Fuzz body for the source file-name parsers: ``SourceName``, with and without the standard aliases, and
/// ``AppIconSourceName`` for the default icon name.
public enum SourceNameTarget {
  /// Parses `bytes` as a file name (UTF-8, invalid sequences replaced) and checks that an accepted name
  /// round-trips: the file name gamut writes for the parsed asset and traits parses back to the same asset, slot
  /// and format.
  public static func run(_ bytes: [UInt8]) {
    let fileName = String(decoding: bytes, as: UTF8.self)
    for aliases in [NameAliases.none, .standard] {
      guard let parsed = try? SourceName(parsing: fileName, aliases: aliases) else { continue }
      precondition(!parsed.assetName.isEmpty, "an accepted name with an empty asset name")
      let written =
        parsed.format == .symbol
        ? parsed.assetName + parsed.format.nameSuffix
        : parsed.traits.fileName(assetName: parsed.assetName, extension: parsed.format.fileExtension)
      let reparsed = try? SourceName(parsing: written)
      precondition(
        reparsed?.assetName == parsed.assetName && reparsed?.traits == parsed.traits
          && reparsed?.format == parsed.format,
        "'\(fileName)' parses to '\(written)', which does not parse back the same")
    }
    // An accepted app icon name round-trips through the file name of the slot it fills.
    if let icon = try? AppIconSourceName(parsing: fileName, iconNames: ["AppIcon"]) {
      let written = icon.role.slot.fileName(iconName: icon.iconName)
      let reparsed = try? AppIconSourceName(parsing: written, iconNames: ["AppIcon"])
      precondition(reparsed == icon, "'\(fileName)' is the app icon image '\(written)', which does not parse back")
    }
  }
}
