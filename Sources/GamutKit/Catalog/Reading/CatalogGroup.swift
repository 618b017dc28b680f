/// A folder of a catalog that holds assets: the catalog root or a group. Its `Contents.json` is optional.
package struct CatalogGroup: Sendable, Equatable {
  /// The folder name (the catalog's own name for the root).
  package var name: String
  /// The folder's path inside the catalog; empty for the root.
  package var relativePath: String
  /// The `Contents.json`, or nil when the folder has none or it is unreadable.
  package var document: JSONNode?
  /// The members of `properties`, as written.
  package var properties: [JSONNode.Member]
  /// The sets, groups and unchecked folders inside, sorted by name.
  package var items: [CatalogItem]
  /// The names of regular files other than `Contents.json`, sorted; hidden files left out.
  package var files: [String]

  package init(
    name: String, relativePath: String, document: JSONNode? = nil, properties: [JSONNode.Member] = [],
    items: [CatalogItem] = [], files: [String] = []
  ) {
    self.name = name
    self.relativePath = relativePath
    self.document = document
    self.properties = properties
    self.items = items
    self.files = files
  }

  /// `provides-namespace`: the group's name prefixes its assets' names.
  package var providesNamespace: Bool {
    properties.first { $0.key == "provides-namespace" }?.value.bool ?? false
  }
}

/// What a catalog folder holds.
package enum CatalogItem: Sendable, Equatable {
  case group(CatalogGroup)
  case set(CatalogSet)
  /// A folder of a kind gamut does not check (`.brandassets`, `.launchimage`, `.dataset`, `.iconset`...).
  case unchecked(CatalogUncheckedFolder)
}

/// A folder with an extension gamut does not read; it is listed, not entered.
package struct CatalogUncheckedFolder: Sendable, Equatable {
  /// The folder name with its extension.
  package var name: String
  /// The folder's path inside the catalog.
  package var relativePath: String
  /// The extension (`brandassets`, `dataset`...).
  package var kind: String

  package init(name: String, relativePath: String, kind: String) {
    self.name = name
    self.relativePath = relativePath
    self.kind = kind
  }
}
