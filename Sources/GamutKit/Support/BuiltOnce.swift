import Synchronization

/// Values built the first time they are asked for and shared afterwards, by key, between threads: lookup tables
/// that a transform needs for every strip of every image it converts, the conversion routes of a converter.
///
/// Each value is built once: a thread asking for a key whose value is being built waits for it, while values of
/// other keys are built at the same time. A build that throws stores nothing, so the next request tries again.
final class BuiltOnce<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// The value of one key, locked while it is built.
  private final class Slot: Sendable {
    let value = Mutex<Value?>(nil)
  }

  private let slots = Mutex([Key: Slot]())
  private let builds = Atomic(0)

  /// The number of values built so far.
  var builtCount: Int { builds.load(ordering: .relaxed) }

  /// The value for `key`, made by `build` the first time.
  func value<Failure: Error>(for key: Key, build: () throws(Failure) -> Value) throws(Failure) -> Value {
    let slot = slots.withLock { slots in
      if let slot = slots[key] { return slot }
      let slot = Slot()
      slots[key] = slot
      return slot
    }
    return try slot.value.withLock { (value: inout Value?) throws(Failure) -> Value in
      if let value { return value }
      let built = try build()
      value = built
      builds.add(1, ordering: .relaxed)
      return built
    }
  }
}
