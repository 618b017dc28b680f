extension AtomicFileWriter {
  /// Writes the file at `path` with `body` and puts it in place, or, when anything fails, removes the temporary
  /// file and leaves `path` as it was. An error other than a ``FileError`` is reported as failing to `operation`
  /// (for example `encode the manifest`). The temporary file goes into `temporaryFolder` as
  /// ``init(for:temporaryFolder:)`` says.
  static func write(
    to path: String, temporaryFolder: String? = nil, operation: String,
    _ body: (AtomicFileWriter) throws -> Void
  ) throws(FileError) {
    let file = try AtomicFileWriter(for: path, temporaryFolder: temporaryFolder)
    do {
      try body(file)
      try file.commit(to: path)
    } catch let error as FileError {
      file.discard()
      throw error
    } catch {
      file.discard()
      throw FileError(path: path, operation: operation, reason: "\(error)")
    }
  }
}
