/// Writes whole files so that a reader sees either the old file or the new one, never a partial one.
///
/// The bytes go to a temporary file in the destination's folder (named with ``temporaryPrefix``), which is then
/// renamed over the destination (``AtomicFileWriter`` does the same for a file written piece by piece). A process
/// killed mid-write leaves at most a temporary file, which ``isTemporaryName(_:)`` recognises so that later runs
/// can remove it. Files are not flushed to disk one by one
/// (an fsync per file made builds of many small assets wait on the disk most of the time): a power loss may leave
/// a written file short, which the next build sees (its size differs from the recorded one) and rebuilds.
package enum AtomicFile {
  /// The prefix of every temporary file this type creates.
  package static let temporaryPrefix = ".gamut-tmp-"

  /// Whether a file name is one of this type's temporary files.
  package static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(temporaryPrefix)
  }

  /// Writes `bytes` to `path` atomically, replacing any existing file (but not a symbolic link, which is refused).
  /// The temporary file goes into `temporaryFolder` when it is on the same file system, else beside `path`.
  package static func write(_ bytes: [UInt8], to path: String, temporaryFolder: String? = nil) throws(FileError) {
    let writer = try AtomicFileWriter(for: path, temporaryFolder: temporaryFolder)
    try writer.write(bytes)
    try writer.commit(to: path, keepingIdenticalFile: false)
  }
}
