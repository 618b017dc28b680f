import Synchronization

/// Values built the first time they are asked for and shared afterwards, by key, between threads: lookup tables
/// that a transform needs for every strip of every image it converts.
final class BuiltOnce<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let values = Mutex([Key: Value]())

  /// The value for `key`, made by `build` the first time. Two threads asking at once may both build it; one
  /// value is kept.
  func value(for key: Key, build: () -> Value) -> Value {
    if let value = values.withLock({ $0[key] }) { return value }
    let value = build()
    return values.withLock { values in
      if let kept = values[key] { return kept }
      values[key] = value
      return value
    }
  }
}
