extension AssetRecord {
  /// Whether this record is an app icon set (`"kind" : "appiconset"` in the manifest) rather than an image set.
  var isAppIcon: Bool { kind == "appiconset" }

  /// The app icon as the report shows it: each image with its appearance, platform and size.
  var appIconEntry: AppIconEntry {
    AppIconEntry(
      name: name, group: group,
      images: renditions.map {
        AppIconEntry.Image(appearance: $0.appearance, file: $0.file, platform: $0.platform, size: $0.size)
      },
      diagnostics: diagnostics)
  }
}
