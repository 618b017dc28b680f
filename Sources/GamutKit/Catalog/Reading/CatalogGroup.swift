/// A folder of a catalog that holds assets: the catalog root or a group. Its `Contents.json` is optional.
public struct CatalogGroup: Sendable, Equatable {
  /// The folder name (the catalog's own name for the root).
  public var name: String
  /// The folder's path inside the catalog; empty for the root.
  public var relativePath: String
  /// The `Contents.json`, or nil when the folder has none or it is unreadable.
  public var document: JSONNode?
  /// The members of `properties`, as written.
  public var properties: [JSONNode.Member]
  /// The sets, groups and unchecked folders inside, sorted by name.
  public var items: [CatalogItem]
  /// The names of regular files other than `Contents.json`, sorted; hidden files left out.
  public var files: [String]

  public init(
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
  public var providesNamespace: Bool {
    properties.first { $0.key == "provides-namespace" }?.value.bool ?? false
  }
}

/// What a catalog folder holds.
public enum CatalogItem: Sendable, Equatable {
  case group(CatalogGroup)
  case set(CatalogSet)
  /// A folder of a kind gamut does not check (`.brandassets`, `.launchimage`, `.dataset`, `.iconset`...).
  case unchecked(CatalogUncheckedFolder)
}

/// A folder with an extension gamut does not read; it is listed, not entered.
public struct CatalogUncheckedFolder: Sendable, Equatable {
  /// The folder name with its extension.
  public var name: String
  /// The folder's path inside the catalog.
  public var relativePath: String
  /// The extension (`brandassets`, `dataset`...).
  public var kind: String

  public init(name: String, relativePath: String, kind: String) {
    self.name = name
    self.relativePath = relativePath
    self.kind = kind
  }
}
