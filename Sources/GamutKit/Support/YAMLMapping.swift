import Yams

/// Reading mappings out of YAML, for files whose every key is a name.
package enum YAMLMapping {
  /// A mapping whose keys are all strings, or nil (for what is not a mapping).
  package static func stringKeyed(_ value: Any) -> [String: Any]? {
    guard let map = value as? [AnyHashable: Any] else { return nil }
    var result: [String: Any] = [:]
    for (key, item) in map {
      guard let name = key.base as? String else { return nil }
      result[name] = item
    }
    return result
  }

  /// The first mapping key in `node` (in document order) that YAML reads as something other than a string: a
  /// number, a boolean, null, a list or a mapping (`{5: lossy}`, `{true: x}`). `Yams.load` would turn such a key
  /// into the text `"5"` silently. The walk keeps its own stack, so nesting costs no recursion.
  static func firstNonStringKey(in node: Node) -> (line: Int, key: String)? {
    var pending = [node]
    while let current = pending.popLast() {
      switch current {
      case .mapping(let mapping):
        for (key, value) in mapping {
          guard case .scalar = key, Resolver.default.resolveTag(of: key) == .str else {
            return (key.mark?.line ?? 0, key.string ?? "a list or mapping")
          }
          pending.append(value)
        }
      case .sequence(let sequence):
        pending.append(contentsOf: sequence.reversed())
      case .scalar, .alias:
        continue
      }
    }
    return nil
  }
}
