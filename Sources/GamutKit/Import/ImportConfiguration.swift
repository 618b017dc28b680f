import Foundation

/// The `gamut.yml` an import writes: the keys that make `gamut build` give back the catalog's sets, gathered set by
/// set and written as YAML text in a fixed order.
struct ImportConfiguration: Sendable, Equatable {
  var templates: [String] = []
  var original: [String] = []
  var singleScale: [String] = []
  /// Vector sets with `preserves-vector-representation`.
  var preservesVectors: [String] = []
  /// `compression-type` by asset or group path.
  var compressionTypes: [String: String] = [:]
  /// Catalog file names that differ from gamut's canonical ones, by source path.
  var fileNames: [String: String] = [:]
  /// Groups that provide a namespace.
  var namespaces: [String] = []
  var catalogCompression: String?
  var generateSymbolExtensions: Bool?
  /// App icons besides `AppIcon`.
  var appIcons: [String] = []
  /// The kept area's folder.
  var kept = "kept"

  /// Adds what `other` (one set's contribution) sets.
  mutating func merge(_ other: ImportConfiguration) {
    templates += other.templates
    original += other.original
    singleScale += other.singleScale
    preservesVectors += other.preservesVectors
    compressionTypes.merge(other.compressionTypes) { first, _ in first }
    fileNames.merge(other.fileNames) { first, _ in first }
    namespaces += other.namespaces
    appIcons += other.appIcons
  }

  /// The file's text. Every PNG set is copied unchanged (`unchanged: ["**"]`): the sources are the catalog's own
  /// files, so a rebuild converts nothing.
  var yaml: String {
    var lines = [
      "# Written by gamut import (docs/import.md).",
      "unchanged: [\"**\"]",
      "slots: xcode",
      "templateByName: false",
      "kept: " + Self.quoted(kept),
    ]
    func list(_ key: String, _ values: [String]) {
      guard !values.isEmpty else { return }
      lines.append(key + ":")
      lines += values.sorted().map { "  - " + Self.quoted($0) }
    }
    func map(_ key: String, _ values: [String: String]) {
      guard !values.isEmpty else { return }
      lines.append(key + ":")
      lines += values.sorted { $0.key < $1.key }.map { "  " + Self.quoted($0.key) + ": " + Self.quoted($0.value) }
    }
    list("templates", templates)
    list("original", original)
    list("singleScale", singleScale)
    lines.append("preservesVectorRepresentation:" + (preservesVectors.isEmpty ? " []" : ""))
    lines += preservesVectors.sorted().map { "  - " + Self.quoted($0) }
    map("compressionType", compressionTypes)
    lines.append("namespaces:" + (namespaces.isEmpty ? " false" : ""))
    lines += namespaces.sorted().map { "  - " + Self.quoted($0) }
    var catalog: [String] = []
    if let catalogCompression { catalog.append("compressionType: " + Self.quoted(catalogCompression)) }
    if let generateSymbolExtensions {
      catalog.append("generateSwiftAssetSymbolExtensions: \(generateSymbolExtensions)")
    }
    if !catalog.isEmpty { lines.append("catalog: { " + catalog.joined(separator: ", ") + " }") }
    list("appIcons", appIcons)
    map("fileNames", fileNames)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A YAML double-quoted string. Patterns are exact names here; `*` and `?` cannot occur in asset names.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += String(format: "\\x%02X", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
