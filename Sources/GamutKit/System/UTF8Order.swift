#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The order of names by their UTF-8 bytes (what file systems store), not by Swift's canonical equivalence: the
/// order of every listing and plan, the same on every machine.
enum UTF8Order {
  /// Whether `lhs` comes before `rhs`: the first differing byte decides, and a prefix comes first. Compares the
  /// strings' own UTF-8 storage (`memcmp`), without copying either.
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    var (lhs, rhs) = (lhs, rhs)
    return lhs.withUTF8 { left in
      rhs.withUTF8 { right in
        let shared = min(left.count, right.count)
        let order = shared == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, shared)
        return order != 0 ? order < 0 : left.count < right.count
      }
    }
  }
}
