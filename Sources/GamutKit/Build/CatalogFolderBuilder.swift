/// What the builders of one catalog folder share: ``AssetBuilder`` (image and symbol sets) and ``AppIconBuilder``
/// (app icon sets) read each source, check the folder as a whole, then write every file of the folder or none.
///
/// The steps common to both live here: the findings about a source that cannot be read, writing the folder's
/// files (a failure becomes a `writeFailed` error and fails the folder), and the record of a folder that was built
/// (its previous files no longer written removed) or that failed (its previous files kept).
protocol CatalogFolderBuilder {
  /// The catalog folder.
  var catalogPath: String { get }
}

/// The folder a builder writes, as its record names it.
struct BuiltFolder {
  /// The asset's or icon's name.
  var name: String
  /// The group folders above it.
  var groupPath: [String]
  /// The folder, relative to the catalog.
  var path: String
  /// Whether its images are templates.
  var template = false
  /// The record's kind: `appiconset` for an app icon set, nil for an image set.
  var kind: String? = nil
}

extension CatalogFolderBuilder {
  /// An error finding about `path`.
  func error(_ path: String, _ code: DiagnosticCode, _ message: String) -> Diagnostic {
    Diagnostic(path: path, severity: .error, code: code, message: message)
  }

  /// The error finding for a source whose bytes changed while they were read.
  func sourceChangedDiagnostic(_ path: String) -> Diagnostic {
    error(path, .sourceChanged, "the file changed while it was being read; the next build reads it again")
  }

  /// The error finding for a source that could not be read or converted: a PNG that does not decode, a source that
  /// changed while it was read, or a conversion that failed.
  func readFailureDiagnostic(_ path: String, _ failure: any Error) -> Diagnostic {
    switch failure {
    case let failure as PNGError: error(path, .unreadablePNG, failure.reason)
    case is SourcePass.SourceChanged: sourceChangedDiagnostic(path)
    default: error(path, .conversionFailed, "\(failure)")
    }
  }

  /// Writes the files of the folder named `name` with `write` and returns its result; nil, with the `writeFailed`
  /// error appended to `diagnostics`, when a file could not be written.
  func writingFiles<Result>(of name: String, diagnostics: inout [Diagnostic], _ write: () throws -> Result)
    -> Result?
  {
    do {
      return try write()
    } catch {
      diagnostics.append(self.error(name, .writeFailed, "\(error)"))
      return nil
    }
  }

  /// The record of a folder whose files are all in place, after removing the files of the previous build that
  /// this one did not write.
  func builtRecord(
    _ folder: BuiltFolder, renditions: [AssetRecord.Rendition], pairs: [AssetRecord.Pair],
    clipping: [AssetRecord.Clipping], diagnostics: [Diagnostic], fingerprint: String, previous: AssetRecord?
  ) -> AssetRecord {
    let written = Set(renditions.map(\.file))
    for old in previous?.renditions ?? [] where !written.contains(old.file) {
      CatalogFiles.remove(old.file, in: catalogPath)
    }
    return AssetRecord(
      name: folder.name, group: folder.groupPath.joined(separator: "/"), imageSet: folder.path,
      template: folder.template, status: .built, renditions: renditions, pairs: pairs, clipping: clipping,
      diagnostics: diagnostics, fingerprint: fingerprint, kind: folder.kind)
  }

  /// The record of a folder that could not be built: the previous outputs stay in place (the catalog stays complete
  /// and valid) and the errors say why. The folder made for this build goes if it stayed empty.
  func failedRecord(
    _ folder: BuiltFolder, previous: AssetRecord?, diagnostics: [Diagnostic], fingerprint: String
  ) -> AssetRecord {
    CatalogFiles.removeFolderIfEmpty(folder.path, in: catalogPath)
    return AssetRecord(
      name: folder.name, group: folder.groupPath.joined(separator: "/"), imageSet: folder.path,
      template: folder.template, status: .failed, renditions: previous?.renditions ?? [],
      pairs: previous?.pairs ?? [], clipping: [], diagnostics: diagnostics, fingerprint: fingerprint,
      kind: folder.kind)
  }
}

extension CatalogPlan.Asset {
  /// The imageset (or symbol set) folder, as its record names it.
  var builtFolder: BuiltFolder {
    BuiltFolder(name: name, groupPath: groupPath, path: imageSetPath, template: isTemplate)
  }
}

extension CatalogPlan.AppIcon {
  /// The app icon set folder, as its record names it.
  var builtFolder: BuiltFolder {
    BuiltFolder(name: name, groupPath: groupPath, path: folderPath, kind: "appiconset")
  }
}
