import Foundation

/// Refuses a path gamut was asked to write besides the catalog (`--manifest`, `--report`, `report:`, the
/// `--xcfilelists` folder) when writing it would destroy something: a path into the source folder (where it would
/// overwrite a source, or become one), the configuration file, or a path into the catalog, which only gamut's own
/// files fill. Paths are compared after every link and `..` is resolved, so neither a link nor `../src` gets round
/// it. A refusal is a usage error (exit 64).
public struct OutputPathGuard: Sendable {
  public var sourceRoot: String
  public var catalog: String
  public var configFile: String?

  public init(sourceRoot: String, catalog: String, configFile: String?) {
    self.sourceRoot = sourceRoot
    self.catalog = catalog
    self.configFile = configFile
  }

  /// Why `path`, given with `option`, must not be written, or nil when it may.
  public func problem(_ path: String, option: String) -> String? {
    guard path.utf8.count <= QuotedValue.maxPathBytes else {
      return "\(option) is \(path.utf8.count) bytes long, more than a path can be"
    }
    guard !path.isEmpty else { return "\(option) is empty" }
    let target = Self.canonical(path)
    if let configFile, target == Self.canonical(configFile) {
      return "\(option) names the configuration file; it would be overwritten"
    }
    if Self.isInside(target, Self.canonical(catalog)) {
      return "\(option) points into the catalog, which holds only what gamut writes there; choose a path outside it"
    }
    if Self.isInside(target, Self.canonical(sourceRoot)) {
      return "\(option) points into the source folder, where it would overwrite a source or be read as one; "
        + "choose a path outside it"
    }
    return nil
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
