/// A pattern over `/`-separated names in the catalog, such as `Illustrations/**` or `Icons/*Glyph`, matched
/// against an asset's qualified name (its groups and its name: `Icons/Tab/Home`) or a group's path.
///
/// `*` matches any run of characters within one name, `?` one character, and a whole component `**` any number
/// of names, none included (`Icons/**` matches `Icons` itself and everything below it). Everything else matches
/// itself; case counts.
public struct PathGlob: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The pattern as written.
  public var pattern: String
  private var components: [[Character]]

  public init(_ pattern: String) {
    self.pattern = pattern
    components = pattern.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
  }

  public var description: String { pattern }

  /// Whether `path` (names joined by `/`) matches.
  public func matches(_ path: String) -> Bool {
    let names = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
    return Self.match(components[...], names[...])
  }

  private static func match(_ pattern: ArraySlice<[Character]>, _ names: ArraySlice<[Character]>) -> Bool {
    guard let first = pattern.first else { return names.isEmpty }
    if first == ["*", "*"] {
      // Zero names, or one name and try again with the same `**`.
      return match(pattern.dropFirst(), names) || (!names.isEmpty && match(pattern, names.dropFirst()))
    }
    guard let name = names.first, matchName(first[...], name[...]) else { return false }
    return match(pattern.dropFirst(), names.dropFirst())
  }

  private static func matchName(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
    guard let first = pattern.first else { return name.isEmpty }
    switch first {
    case "*":
      var rest = name
      while true {
        if matchName(pattern.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    case "?":
      return !name.isEmpty && matchName(pattern.dropFirst(), name.dropFirst())
    default:
      return name.first == first && matchName(pattern.dropFirst(), name.dropFirst())
    }
  }
}
