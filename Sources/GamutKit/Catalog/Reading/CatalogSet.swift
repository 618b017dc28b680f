/// A set folder of a catalog (`Name.imageset`, `.colorset`, `.appiconset`, `.symbolset`) as read: its
/// `Contents.json` entries and properties, and the files beside it.
package struct CatalogSet: Sendable, Equatable {
  /// The kinds of set gamut reads, named by their folder extension.
  package enum Kind: String, Sendable, CaseIterable {
    case imageSet = "imageset"
    case colorSet = "colorset"
    case appIconSet = "appiconset"
    case symbolSet = "symbolset"

    /// The key of the entries array: `images`, `colors` or `symbols`.
    package var entriesKey: String {
      switch self {
      case .imageSet, .appIconSet: "images"
      case .colorSet: "colors"
      case .symbolSet: "symbols"
      }
    }
  }

  package var kind: Kind
  /// The folder name without its extension: the asset's name.
  package var name: String
  /// The folder's path inside the catalog (`Icons/Star.imageset`).
  package var relativePath: String
  /// The whole `Contents.json`, or nil when it is missing or unreadable (a finding says why).
  package var document: JSONNode?
  /// The entries of the entries array that are objects, in their order.
  package var entries: [CatalogEntry]
  /// The members of `properties`, as written.
  package var properties: [JSONNode.Member]
  /// The names of the regular files in the folder other than `Contents.json`, sorted; hidden files left out.
  package var files: [String]
  /// The names of folders inside the set folder, sorted (a set holds none).
  package var folders: [String]

  package init(
    kind: Kind, name: String, relativePath: String, document: JSONNode? = nil, entries: [CatalogEntry] = [],
    properties: [JSONNode.Member] = [], files: [String] = [], folders: [String] = []
  ) {
    self.kind = kind
    self.name = name
    self.relativePath = relativePath
    self.document = document
    self.entries = entries
    self.properties = properties
    self.files = files
    self.folders = folders
  }

  /// The string property `key`.
  package func property(_ key: String) -> String? {
    properties.first { $0.key == key }?.value.string
  }

  /// `template-rendering-intent`: `template` or `original`.
  package var templateRenderingIntent: String? { property("template-rendering-intent") }
  /// `compression-type`: `automatic`, `lossless`, `lossy`, `gpu-optimized-best`...
  package var compressionType: String? { property("compression-type") }
  /// `preserves-vector-representation`.
  package var preservesVectorRepresentation: Bool {
    properties.first { $0.key == "preserves-vector-representation" }?.value.bool ?? false
  }
  /// `localizable`.
  package var localizable: Bool {
    properties.first { $0.key == "localizable" }?.value.bool ?? false
  }
}
