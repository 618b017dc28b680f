/// A pattern over `/`-separated names in the catalog, such as `Illustrations/**` or `Icons/*Glyph`, matched
/// against an asset's qualified name (its groups and its name: `Icons/Tab/Home`) or a group's path.
///
/// `*` matches any run of characters within one name, `?` one character, and a whole component `**` any number
/// of names, none included (`Icons/**` matches `Icons` itself and everything below it). Everything else matches
/// itself; case counts.
///
/// Matching takes time proportional to the pattern's length times the path's, whatever the pattern: both levels
/// (names against components, characters within a name) use the same loop without recursion, which resumes after
/// the last star instead of trying every split (`maxLength` bounds the pattern).
public struct PathGlob: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The longest pattern accepted, in characters.
  package static let maxLength = 1024

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
    return Self.match(components, names, isStar: { $0 == ["*", "*"] }, isAny: { _ in false }) { pattern, name in
      Self.match(pattern, name, isStar: { $0 == "*" }, isAny: { $0 == "?" }, equal: ==)
    }
  }

  /// Whether `items` match `pattern`, where a star element matches any run of items, an "any" element exactly one,
  /// and any other element the items `equal` says it does. After a mismatch the match resumes from the most recent
  /// star, one item further on; earlier stars never need to be revisited, so the loop runs at most
  /// `pattern.count * items.count` comparisons.
  private static func match<P, I>(
    _ pattern: [P], _ items: [I], isStar: (P) -> Bool, isAny: (P) -> Bool, equal: (P, I) -> Bool
  ) -> Bool {
    var p = 0
    var i = 0
    var star: (pattern: Int, item: Int)?
    while i < items.count {
      if p < pattern.count, isStar(pattern[p]) {
        star = (p, i)
        p += 1
      } else if p < pattern.count, isAny(pattern[p]) || equal(pattern[p], items[i]) {
        p += 1
        i += 1
      } else if let resume = star {
        star = (resume.pattern, resume.item + 1)
        p = resume.pattern + 1
        i = resume.item + 1
      } else {
        return false
      }
    }
    while p < pattern.count, isStar(pattern[p]) { p += 1 }
    return p == pattern.count
  }
}
