/// What the names and kinds of the things in a catalog's folders (or an Icon Composer bundle's) say, whatever folder
/// they are in: links the walker did not follow, special files, names that are not UTF-8 or hold a control
/// character, and sets inside sets. The catalog reader adds these findings as it lists each folder.
enum CatalogNames {
  /// The findings about one listed entry: the walker's refusal, a special file, a name no Mac can hold or one with
  /// a control character.
  static func check(_ entry: FolderWalker.Entry, walker: FolderWalker) -> [Diagnostic] {
    let path = walker.path(of: entry.relativePath)
    switch entry.kind {
    case .refused(let finding):
      return [finding]
    case .special:
      return [
        Diagnostic(
          path: path, severity: .warning, code: .specialFile,
          message: "a FIFO, socket or device inside the \(walker.tree == .bundle ? "bundle" : "catalog"); never opened "
            + "(Xcode cannot compile it)")
      ]
    case .undecodableName:
      return [
        Diagnostic(
          path: path, severity: .error, code: .invalidName,
          message: "the name is not valid UTF-8, which a Mac's file system cannot hold; not read")
      ]
    case .file, .folder:
      guard entry.name.unicodeScalars.contains(where: isControl) else { return [] }
      return [
        Diagnostic(
          path: path, severity: .error, code: .invalidName,
          message: "the name holds a control character (shown escaped), which Xcode's tools and scripts mishandle")
      ]
    }
  }

  /// `nested-set`: each folder of a catalog kind inside `set` (whose folder is at `path`). Xcode looks for no
  /// asset inside a set, so what it holds never reaches the app.
  static func nestedFolders(in set: CatalogSet, path: String) -> [Diagnostic] {
    set.folders.compactMap { name in
      let pathExtension = name.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? ""
      guard name.contains("."),
        CatalogSet.Kind(rawValue: pathExtension) != nil || CatalogReader.uncheckedKinds.contains(pathExtension)
      else { return nil }
      return Diagnostic(
        path: path + "/" + name, severity: .error, code: .nestedSet,
        message: "a .\(pathExtension) inside the set \(CatalogReader.lastComponent(of: path)): Xcode looks for no "
          + "asset inside a set, so this one is not in the app")
    }
  }

  /// C0 controls, DEL and C1 controls: what a terminal or a line-based tool takes as more than a character.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
