import Foundation

extension ReportContent {
  /// The content of the manifest file at `path` (`gamut-manifest.json`). Color sets and app icons are read from
  /// its `colors` and `appIcons` keys when present; entries of a shape this version does not know are left out
  /// and said so in `skipped`.
  /// A manifest larger than `maxBytes`, or one that is not a regular file (a FIFO), is refused before it is read.
  public init(manifestAt path: String, maxBytes: Int = InputLimits.default.maxManifestBytes) throws(FileError) {
    let bytes = try BoundedFile.read(path, limit: maxBytes, what: "the manifest")
    try self.init(manifestBytes: bytes, path: path)
  }

  /// The content of manifest bytes; `path` names the file in errors.
  public init(manifestBytes bytes: [UInt8], path: String) throws(FileError) {
    let data = Data(bytes)
    let decoder = JSONDecoder()
    struct Version: Decodable { var schemaVersion: Int }
    guard let version = try? decoder.decode(Version.self, from: data) else {
      throw FileError(
        path: path, operation: "read the manifest", reason: "it is not a gamut manifest (no schemaVersion)")
    }
    let readable = CatalogManifest.readableSchemaVersions
    guard readable.contains(version.schemaVersion) else {
      throw FileError(
        path: path, operation: "read the manifest",
        reason: "schema version \(version.schemaVersion) is not one this version of gamut reads "
          + "(\(readable.lowerBound) to \(readable.upperBound))")
    }
    let manifest: CatalogManifest
    do {
      manifest = try decoder.decode(CatalogManifest.self, from: data)
    } catch {
      throw FileError(
        path: path, operation: "read the manifest", reason: String("\(error)".prefix(300)))
    }
    struct Colors: Decodable { var colors: [ColorSetEntry]? }
    struct AppIcons: Decodable { var appIcons: [AppIconEntry]? }
    var skipped: [String] = []
    var colors: [ColorSetEntry] = []
    var icons: [AppIconEntry] = []
    // Color sets gamut wrote are the manifest's own records (``init(manifest:colors:appIcons:)``); entries in the
    // report's exchange shape (docs/report.md) are read besides.
    if manifest.colors.isEmpty {
      do { colors = try decoder.decode(Colors.self, from: data).colors ?? [] } catch { skipped.append("colors") }
    }
    do { icons = try decoder.decode(AppIcons.self, from: data).appIcons ?? [] } catch { skipped.append("appIcons") }
    self.init(manifest: manifest, colors: colors, appIcons: icons)
    self.skipped = skipped
  }
}
