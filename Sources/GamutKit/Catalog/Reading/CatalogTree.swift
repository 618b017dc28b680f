/// An existing asset catalog as ``CatalogReader`` read it: its folders and sets, and what was wrong with them.
package struct CatalogTree: Sendable, Equatable {
  /// A set with the group folders above it.
  package struct PlacedSet: Sendable, Equatable {
    package var set: CatalogSet
    /// The groups from the root down to the set's folder (the root left out).
    package var groups: [CatalogGroup]

    /// The names of the groups above the set that provide a namespace, outermost first.
    package var namespace: [String] {
      groups.filter(\.providesNamespace).map(\.name)
    }

    /// The name Xcode gives the asset: the namespace and the set's name joined with `/`.
    package var assetName: String {
      (namespace + [set.name]).joined(separator: "/")
    }
  }

  /// The catalog folder's path as given to the reader.
  package var path: String
  /// The catalog root.
  package var root: CatalogGroup
  /// Problems found while reading: unreadable or malformed `Contents.json` files, unknown keys, limits.
  package var findings: [Diagnostic]

  package init(path: String, root: CatalogGroup, findings: [Diagnostic] = []) {
    self.path = path
    self.root = root
    self.findings = findings
  }

  /// The path of something inside the catalog, as a finding names it: the catalog's path, then `relativePath`.
  package func path(of relativePath: String) -> String {
    relativePath.isEmpty ? path : path + "/" + relativePath
  }

  /// Every set, depth first in name order, with the groups above it.
  package var sets: [PlacedSet] {
    var result: [PlacedSet] = []
    func visit(_ group: CatalogGroup, _ above: [CatalogGroup]) {
      for item in group.items {
        switch item {
        case .set(let set): result.append(PlacedSet(set: set, groups: above))
        case .group(let child): visit(child, above + [child])
        case .unchecked: break
        }
      }
    }
    visit(root, [])
    return result
  }

  /// Every group below the root, depth first in name order.
  package var groups: [CatalogGroup] {
    var result: [CatalogGroup] = []
    func visit(_ group: CatalogGroup) {
      for case .group(let child) in group.items {
        result.append(child)
        visit(child)
      }
    }
    visit(root)
    return result
  }

  /// Every folder of a kind gamut does not check, depth first in name order.
  package var uncheckedFolders: [CatalogUncheckedFolder] {
    var result: [CatalogUncheckedFolder] = []
    func visit(_ group: CatalogGroup) {
      for item in group.items {
        switch item {
        case .unchecked(let folder): result.append(folder)
        case .group(let child): visit(child)
        case .set: break
        }
      }
    }
    visit(root)
    return result
  }
}
