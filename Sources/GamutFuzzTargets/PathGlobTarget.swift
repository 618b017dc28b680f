internal import GamutKit

/// Fuzz body for the glob matcher of `templates:`, `original:`, `singleScale:` and `compressionType:`.
public enum PathGlobTarget {
  /// Splits `bytes` (UTF-8, invalid sequences replaced) at the first newline into a pattern and a path, and
  /// matches them. For short inputs the answer must equal a reference matcher that tries every split (dynamic
  /// programming over characters and names), so the linear matcher's shortcut is checked, not just run.
  public static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = String(parts[0])
    let path = parts.count > 1 ? String(parts[1]) : ""
    let glob = PathGlob(pattern)
    let matched = glob.matches(path)
    guard pattern.count <= 24, path.count <= 48 else { return }
    let expected = reference(
      pattern.split(separator: "/").map(Array.init), path.split(separator: "/").map(Array.init))
    precondition(matched == expected, "'\(pattern)' against '\(path)': \(matched), the reference says \(expected)")
  }

  /// Whether `names` match `components` (`**` any number of names), by a table over every pair of positions.
  static func reference(_ components: [[Character]], _ names: [[Character]]) -> Bool {
    table(components, names, isStar: { $0 == ["*", "*"] }) { component, name in
      table(component, name, isStar: { $0 == "*" }) { $0 == "?" || $0 == $1 }
    }
  }

  /// `match[p][i]`: whether `pattern[p...]` matches `items[i...]`, filled from the end.
  private static func table<P, I>(_ pattern: [P], _ items: [I], isStar: (P) -> Bool, equal: (P, I) -> Bool) -> Bool {
    var match = Array(repeating: Array(repeating: false, count: items.count + 1), count: pattern.count + 1)
    match[pattern.count][items.count] = true
    for p in stride(from: pattern.count - 1, through: 0, by: -1) {
      for i in stride(from: items.count, through: 0, by: -1) {
        if isStar(pattern[p]) {
          match[p][i] = match[p + 1][i] || (i < items.count && match[p][i + 1])
        } else {
          match[p][i] = i < items.count && equal(pattern[p], items[i]) && match[p + 1][i + 1]
        }
      }
    }
    return match[0][0]
  }
}
