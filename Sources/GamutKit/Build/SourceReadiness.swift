import Foundation

/// The completeness check `gamut watch` runs on a file that has stopped changing (``SourceCompleteness``), for
/// every kind of file `gamut build` reads, so that a half-written or broken file is never taken:
///
/// - PNG (image or app icon source): it decodes to the end.
/// - PDF: the header `%PDF-`, and the end-of-file marker `%%EOF` in its last kilobyte (a PDF ends with one; a
///   file still being written has none yet).
/// - JPEG: its header reads (`JPEGHeader`) and the end-of-image marker closes it.
/// - SVG and `.symbols.svg`: what the build checks (`VectorCheck`): well-formed XML with an `svg` root, and an SF
///   Symbols template for a symbol. A truncated SVG is not well-formed.
/// - `*.colors.yml` and `*.tokens.json`: they read without an error (a truncated YAML or JSON file usually does
///   not parse; one that reads with an error keeps its colors' last sets, as in `build`).
/// - `gamut.yml` at the root: it reads as a configuration.
///
/// A file too large for the build is complete here: the build reports it.
public enum SourceReadiness {
  /// The check for a file at an absolute path, by its name.
  public static let check: SourceCompleteness.Check = { path in
    let name = (path as NSString).lastPathComponent
    if name == SourceScanner.configurationName { return configuration(path) }
    if ColorSourceKind.isColorSource(name) { return colorFile(path) }
    switch SourceFormat(fileName: name) {
    case .png: return png(path)
    case .jpeg: return jpeg(path)
    case .pdf, .svg, .symbol: return vector(path, format: SourceFormat(fileName: name)!)
    case nil: return .complete
    }
  }

  private static func png(_ path: String) -> SourceCompleteness {
    do throws(PNGError) {
      try PNGRowReader(contentsOf: path).readToEnd()
      return .complete
    } catch {
      return .incomplete(reason: error.reason)
    }
  }

  /// A JPEG: its header reads up to the first scan, and the end-of-image marker closes it (a file still being
  /// written has none yet).
  private static func jpeg(_ path: String) -> SourceCompleteness {
    guard let status = try? FileStatus(path: path, followingLinks: true) else {
      return .incomplete(reason: "the file could not be read")
    }
    guard status.size <= AssetBuilder.maxVectorBytes else { return .complete }
    guard let bytes = try? BoundedFile.read(path, limit: AssetBuilder.maxVectorBytes, what: "the JPEG") else {
      return .incomplete(reason: "the file could not be read")
    }
    do throws(JPEGHeader.Failure) {
      let header = try JPEGHeader.read(bytes)
      return header.hasEnd ? .complete : .incomplete(reason: "no end-of-image marker at the end of the JPEG")
    } catch {
      return .incomplete(reason: "it " + error.reason)
    }
  }

  private static func vector(_ path: String, format: SourceFormat) -> SourceCompleteness {
    guard let status = try? FileStatus(path: path, followingLinks: true) else {
      return .incomplete(reason: "the file could not be read")
    }
    guard status.size <= AssetBuilder.maxVectorBytes else { return .complete }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .incomplete(reason: "the file could not be read")
    }
    let bytes = [UInt8](data)
    do throws(VectorCheck.Failure) {
      _ = try VectorCheck.check(bytes, format: format)
    } catch {
      return .incomplete(reason: "it " + error.reason)
    }
    if format == .pdf, !String(decoding: bytes.suffix(1024), as: UTF8.self).contains("%%EOF") {
      return .incomplete(reason: "no %%EOF marker at the end of the PDF")
    }
    return .complete
  }

  private static func colorFile(_ path: String) -> SourceCompleteness {
    let url = URL(fileURLWithPath: path)
    guard let status = try? FileStatus(path: path, followingLinks: true) else {
      return .incomplete(reason: "the file could not be read")
    }
    let file = SourceFile(
      relativePath: url.lastPathComponent, size: status.size, modificationTime: status.modificationTime,
      inode: status.inode)
    let read = ColorCatalogReader.read(file, sourceRoot: url.deletingLastPathComponent().path)
    guard let error = read.diagnostics.first(where: { $0.severity == .error }) else { return .complete }
    let line = error.line.map { "line \($0): " } ?? ""
    return .incomplete(reason: line + error.message)
  }

  private static func configuration(_ path: String) -> SourceCompleteness {
    do throws(BuildConfiguration.Error) {
      _ = try BuildConfiguration(contentsOf: path)
      return .complete
    } catch {
      return .incomplete(reason: error.message)
    }
  }
}
