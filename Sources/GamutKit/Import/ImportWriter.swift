/// Writes an ``ImportPlan`` into a source folder: the copied rendition files, the colors files, `gamut.yml`, and
/// the kept area with the kept entries and files at their catalog paths (less the files left out).
struct ImportWriter {
  /// The original catalog.
  var catalogPath: String
  /// The source folder to write.
  var folder: String

  /// Writes the folder; `leftOut` holds the catalog paths (relative, as bytes) that are no part of the catalog.
  func write(_ plan: ImportPlan, leftOut: Set<[UInt8]>) throws(FileError) {
    try ImportFiles.makeFolders(folder)
    for entry in plan.translated {
      for copy in entry.copies {
        try ImportFiles.copyFile(catalogPath + "/" + copy.from, to: folder + "/" + copy.to)
      }
    }
    var colorFiles: [String: [String]] = [:]
    for entry in plan.translated {
      for (file, lines) in entry.colorLines { colorFiles[file, default: []] += lines }
    }
    for (file, lines) in colorFiles {
      let text = "# Colors imported by gamut import (docs/color-sets.md).\n" + lines.joined(separator: "\n") + "\n"
      try ImportFiles.makeFolders(ImportFiles.parentOf(folder + "/" + file))
      try AtomicFile.write(Array(text.utf8), to: folder + "/" + file)
    }
    let configuration = plan.configuration
    try AtomicFile.write(Array(configuration.yaml.utf8), to: folder + "/" + BuildConfiguration.fileName)
    let kept = folder + "/" + configuration.kept
    let skipping = Set(leftOut.map { Array((catalogPath + "/").utf8) + $0 })
    for item in plan.kept {
      let source = catalogPath + "/" + item.path
      if (try? FileStatus(path: source))?.kind == .folder {
        try ImportFiles.copyFolder(source, to: kept + "/" + item.path, skipping: skipping)
      } else {
        try ImportFiles.copyFile(source, to: kept + "/" + item.path)
      }
    }
  }
}
