/// A unified diff of two texts (`--- a`, `+++ b`, `@@ -l,n +l,n @@` hunks with three lines of context), as `diff -u`
/// prints it, for `--dry-run` to show what a fix does to a `Contents.json`. The lines both ends share are set aside
/// first; the rest is matched by a longest common subsequence while that stays small (a few thousand lines), else
/// shown as removed and added whole.
enum LineDiff {
  /// One line of the edit script.
  private enum Edit: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The most cells the subsequence table may have.
  static let maximumCells = 4_000_000

  /// The diff from `old` (nil for a file that does not exist) to `new`, labelled `label`; empty when they are equal.
  static func unified(_ old: [UInt8]?, _ new: [UInt8], label: String) -> String {
    let before = lines(old ?? [])
    let after = lines(new)
    guard before != after else { return "" }
    let edits = script(before, after)
    var text = "--- \(old == nil ? "/dev/null" : label)\n+++ \(label)\n"
    for hunk in hunks(edits) { text += render(edits, hunk) }
    return text
  }

  private static func lines(_ bytes: [UInt8]) -> [String] {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The edits that turn `a` into `b`.
  private static func script(_ a: [String], _ b: [String]) -> [Edit] {
    var prefix = 0
    while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    return a[..<prefix].map(Edit.same) + middle(middleA, middleB) + a[(a.count - suffix)...].map(Edit.same)
  }

  /// The edits between two runs of lines that share no first or last line.
  private static func middle(_ a: [String], _ b: [String]) -> [Edit] {
    guard !a.isEmpty, !b.isEmpty, (a.count + 1) * (b.count + 1) <= maximumCells else {
      return a.map(Edit.removed) + b.map(Edit.added)
    }
    // lengths[i][j]: the longest common subsequence of a[i...] and b[j...], in one flat table.
    let width = b.count + 1
    var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i * width + j] =
          a[i] == b[j]
          ? lengths[(i + 1) * width + j + 1] + 1 : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
      }
    }
    var edits: [Edit] = []
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        edits.append(.same(a[i]))
        (i, j) = (i + 1, j + 1)
      } else if i < a.count, j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
        // A removal before an addition, as diff -u shows a changed line.
        edits.append(.removed(a[i]))
        i += 1
      } else {
        edits.append(.added(b[j]))
        j += 1
      }
    }
    return edits
  }

  /// The ranges of the script that hunks show: each change with three lines of context, ranges that meet merged.
  private static func hunks(_ edits: [Edit]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for (index, edit) in edits.enumerated() {
      guard case .same = edit else {
        let range = max(0, index - 3)..<min(edits.count, index + 4)
        if let last = ranges.last, last.upperBound >= range.lowerBound {
          ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else {
          ranges.append(range)
        }
        continue
      }
    }
    return ranges
  }

  /// One hunk: its header, with the lines it starts at in each file and how many it covers, then its lines.
  private static func render(_ edits: [Edit], _ range: Range<Int>) -> String {
    var (oldStart, newStart) = (1, 1)
    for edit in edits[..<range.lowerBound] {
      if case .added = edit {} else { oldStart += 1 }
      if case .removed = edit {} else { newStart += 1 }
    }
    var body = ""
    var (oldCount, newCount) = (0, 0)
    for edit in edits[range] {
      switch edit {
      case .same(let line):
        body += " \(line)\n"
        (oldCount, newCount) = (oldCount + 1, newCount + 1)
      case .removed(let line):
        body += "-\(line)\n"
        oldCount += 1
      case .added(let line):
        body += "+\(line)\n"
        newCount += 1
      }
    }
    // diff -u names the line before an empty side.
    let oldFirst = oldCount == 0 ? oldStart - 1 : oldStart
    let newFirst = newCount == 0 ? newStart - 1 : newStart
    return "@@ -\(oldFirst),\(oldCount) +\(newFirst),\(newCount) @@\n" + body
  }
}
