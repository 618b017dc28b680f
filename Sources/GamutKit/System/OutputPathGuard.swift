import Foundation

/// The one check of every path gamut writes besides the catalog it builds: the build's manifest, report and file
/// lists, lint's report and baseline, import's destination, `gamut report`'s page, `check`'s maps and `convert`'s
/// output. A path is refused when writing it would destroy something:
/// - it lies inside an input (the source folder, the catalog, the configuration file, a catalog or bundle lint
///   reads), or, for a folder gamut replaces whole, holds one;
/// - it names something other than a regular file (a device, a FIFO, a socket, a folder, a symbolic link: an
///   atomic write would replace it with a file, and as root `/dev/null` became one);
/// - it names a file gamut did not write: an existing file must be recognised as gamut's own by its content
///   (``OwnedFile``), or be empty.
///
/// Paths are compared after every link and `..` is resolved, so neither a link nor `../src` gets round it. A
/// refusal is a usage error (exit 64) whose message names the option and the path.
package struct OutputPathGuard: Sendable {
  /// Something gamut reads, which no output may land in.
  package struct Input: Sendable {
    package var path: String
    /// What it is, in messages: `the source folder`.
    package var role: String
    /// Why nothing may be written in it, in messages.
    package var reason: String

    package init(path: String, role: String, reason: String) {
      self.path = path
      self.role = role
      self.reason = reason
    }

    /// The folder a build reads its sources from.
    package static func sourceFolder(_ path: String) -> Self {
      Self(path: path, role: "the source folder", reason: "where it would overwrite a source or be read as one")
    }

    /// The catalog a build writes.
    package static func catalog(_ path: String) -> Self {
      Self(path: path, role: "the catalog", reason: "which holds only what gamut writes there")
    }

    /// The configuration file a command reads.
    package static func configuration(_ path: String) -> Self {
      Self(path: path, role: "the configuration file", reason: "which it would overwrite")
    }

    /// A catalog, bundle, manifest or source that a command only reads.
    package static func readOnly(_ path: String, _ role: String) -> Self {
      Self(path: path, role: role, reason: "which gamut only reads")
    }
  }

  /// How gamut recognises a file it wrote earlier, which it may write again: by its first and last bytes.
  package struct OwnedFile: Sendable {
    /// The kind of file, in messages: `a gamut baseline`.
    package var what: String
    /// Whether a file's first bytes (up to ``OutputPathGuard/endBytes``) and last bytes are this kind's.
    package var recognizes: @Sendable (_ head: [UInt8], _ tail: [UInt8]) -> Bool

    package init(what: String, recognizes: @escaping @Sendable (_ head: [UInt8], _ tail: [UInt8]) -> Bool) {
      self.what = what
      self.recognizes = recognizes
    }
  }

  /// What gamut writes at a path.
  package enum Output: Sendable {
    /// A file, written whole and renamed into place.
    case file(OwnedFile)
    /// A folder gamut writes files of its own into (the file lists' folder, a report's maps).
    case folder
    /// A folder gamut replaces whole (import's destination): it may be absent, empty, or recognised as one gamut
    /// wrote.
    case replacedFolder(OwnedFolder)
  }

  /// How gamut recognises a folder it wrote earlier, which it may replace: by what the folder holds.
  package struct OwnedFolder: Sendable {
    /// The kind of folder, in messages: `a gamut source folder`.
    package var what: String
    /// Whether the folder at a path is this kind's.
    package var recognizes: @Sendable (_ path: String) -> Bool

    package init(what: String, recognizes: @escaping @Sendable (_ path: String) -> Bool) {
      self.what = what
      self.recognizes = recognizes
    }
  }

  /// How many bytes of each end of an existing file are read to recognise it.
  package static let endBytes = 4096

  package var inputs: [Input]

  package init(inputs: [Input]) {
    self.inputs = inputs
  }

  /// The inputs of a build: the configuration file (when there is one; often inside the source folder, and named
  /// first), the catalog and the source folder.
  package init(sourceRoot: String, catalog: String, configFile: String?) {
    inputs = (configFile.map { [.configuration($0)] } ?? []) + [.catalog(catalog), .sourceFolder(sourceRoot)]
  }

  /// Why `path`, given with `option` (`--write-baseline`), must not be written as `output`, or nil when it may.
  package func problem(_ path: String, option: String, writing output: Output) -> String? {
    guard path.utf8.count <= QuotedValue.maxPathBytes else {
      return "\(option) is \(path.utf8.count) bytes long, more than a path can be"
    }
    guard !path.isEmpty else { return "\(option) is empty" }
    let target = Self.canonical(path)
    for input in inputs {
      let place = Self.canonical(input.path)
      if target == place && (try? FileStatus(path: place, followingLinks: true))?.kind != .folder {
        return "\(option) names \(input.role); it would be overwritten"
      }
      if Self.isInside(target, place) {
        return "\(option) points into \(input.role), \(input.reason); choose a path outside it"
      }
      if case .replacedFolder = output, Self.isInside(place, target) {
        return "\(option) holds \(input.role), which replacing it would destroy; choose a path outside it"
      }
    }
    return existingProblem(path, option: option, output: output)
  }

  /// Why what is at `path` now must not be replaced by `output`, or nil when nothing is there or it may be.
  private func existingProblem(_ path: String, option: String, output: Output) -> String? {
    // A folder gamut writes into may be reached through a link (its place was checked above); nothing else may.
    let followingLinks = if case .folder = output { true } else { false }
    guard let status = try? FileStatus(path: path, followingLinks: followingLinks) else { return nil }
    switch (output, status.kind) {
    case (_, .symbolicLink):
      return "\(option) names a symbolic link; gamut writes only a regular file (or folder) of its own there"
    case (_, .other):
      return "\(option) names a device, FIFO or socket, not a regular file; gamut does not write over it"
    case (.folder, .folder):
      return nil
    case (.replacedFolder(let owned), .folder):
      let empty = (try? FileSystem.listFolder(path).isEmpty) ?? false
      if empty || owned.recognizes(path) { return nil }
      return "\(option) names a folder gamut did not write (it is not \(owned.what)); gamut does not replace it: "
        + "remove it or choose another path"
    case (.folder, .regular), (.replacedFolder, .regular):
      return "\(option) names a file, not a folder"
    case (.file, .folder):
      return "\(option) names a folder, not a file"
    case (.file(let owned), .regular):
      guard let ends = Self.ends(of: path) else {
        return "\(option) names a file gamut cannot read, so it cannot tell whether it wrote it; choose another path"
      }
      // An empty file holds nothing to lose (a list created for Xcode before the first build, say).
      if ends.head.isEmpty || owned.recognizes(ends.head, ends.tail) { return nil }
      return "\(option) names a file gamut did not write (it is not \(owned.what)); gamut does not overwrite it: "
        + "remove it or choose another path"
    }
  }

  /// The first and last ``endBytes`` of the regular file at `path` (the same bytes for a short file), read without
  /// following a link; nil when it cannot be read.
  static func ends(of path: String) -> (head: [UInt8], tail: [UInt8])? {
    guard let file = try? FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .noFollow]) else {
      return nil
    }
    defer { try? file.close() }
    guard let status = try? FileStatus(descriptor: file), status.kind == .regular else { return nil }
    func read(at offset: Int, count: Int) -> [UInt8]? {
      var bytes = [UInt8](repeating: 0, count: count)
      let got = bytes.withUnsafeMutableBytes { try? file.read(into: $0, atOffset: offset) }
      guard let got else { return nil }
      return Array(bytes.prefix(got))
    }
    let count = min(status.size, endBytes)
    guard let head = read(at: 0, count: count), let tail = read(at: max(0, status.size - count), count: count) else {
      return nil
    }
    return (head, tail)
  }

  /// Whether `path` is `folder` or lies below it.
  static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  /// The absolute path with every link of its existing part resolved and `.` and `..` removed from the rest.
  static func canonical(_ path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var existing = absolute
    var rest: [Substring] = []
    while true {
      if let real = try? FileSystem.realPath(existing) {
        existing = real
        break
      }
      let parent = (existing as NSString).deletingLastPathComponent
      guard parent != existing, !parent.isEmpty else { break }
      rest.insert(Substring((existing as NSString).lastPathComponent), at: 0)
      existing = parent
    }
    var components = existing.split(separator: "/", omittingEmptySubsequences: true)
    for component in rest {
      switch component {
      case ".", "": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }
}

extension OutputPathGuard.OwnedFile {
  /// Whether `bytes` start with the UTF-8 of `text`.
  package static func bytes(_ bytes: [UInt8], startWith text: String) -> Bool {
    bytes.starts(with: text.utf8)
  }

  /// Whether the UTF-8 of `text` occurs in `bytes`.
  package static func bytes(_ bytes: [UInt8], contain text: String) -> Bool {
    bytes.firstRange(of: Array(text.utf8)) != nil
  }

  /// A PNG (`check --map`'s maps, `convert`'s output): its signature.
  package static let png = Self(what: "a PNG") { head, _ in
    head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }
}
