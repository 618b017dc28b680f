import Synchronization

/// Values computed once per key and shared between threads, of which only the most recently used are kept: at
/// most `capacity` entries whose costs (for example the bytes of a profile) add up to at most `costLimit`.
///
/// A key is computed once while its entry is kept: a thread asking for a key another thread is computing waits
/// for that value instead of computing it again, and threads asking for other keys go on meanwhile. An evicted
/// key is computed again the next time it is asked for. A value whose cost alone exceeds `costLimit` is computed
/// and returned but not kept.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// One key's value, computed by the first thread that asks for it.
  private final class Slot: Sendable {
    let value = Mutex<Value?>(nil)
    let cost: Int
    init(cost: Int) { self.cost = cost }
  }

  private struct Entries {
    var slots: [Key: (slot: Slot, lastUse: UInt64)] = [:]
    var totalCost = 0
    var clock: UInt64 = 0
    var computed = 0
  }

  /// The most entries kept.
  let capacity: Int
  /// The most the costs of the kept entries add up to.
  let costLimit: Int
  private let entries = Mutex(Entries())

  /// Creates an empty cache keeping at most `capacity` entries whose costs add up to at most `costLimit`.
  init(capacity: Int, costLimit: Int = .max) {
    precondition(capacity > 0 && costLimit > 0, "a cache keeps something")
    self.capacity = capacity
    self.costLimit = costLimit
  }

  /// The value for `key`: the kept one, or the one `compute` makes now (once, whichever thread asks first).
  /// `cost` is what the entry counts against ``costLimit``.
  func value(for key: Key, cost: Int = 1, compute: () -> Value) -> Value {
    let slot = entries.withLock { entries in
      entries.clock += 1
      if let kept = entries.slots[key] {
        entries.slots[key]!.lastUse = entries.clock
        return kept.slot
      }
      let slot = Slot(cost: cost)
      guard cost <= costLimit else { return slot }
      entries.slots[key] = (slot, entries.clock)
      entries.totalCost += cost
      Self.evict(&entries, capacity: capacity, costLimit: costLimit)
      return slot
    }
    return slot.value.withLock { value in
      if let value { return value }
      let made = compute()
      value = made
      entries.withLock { $0.computed += 1 }
      return made
    }
  }

  /// How many values were computed so far (evicted keys asked for again count again).
  var computedCount: Int { entries.withLock { $0.computed } }

  /// How many entries are kept now.
  var count: Int { entries.withLock { $0.slots.count } }

  /// Drops the least recently used entries until both limits hold (by position, not by key: a key that is not
  /// equal to itself, such as one holding a NaN, goes all the same).
  private static func evict(_ entries: inout Entries, capacity: Int, costLimit: Int) {
    while entries.slots.count > capacity || entries.totalCost > costLimit {
      guard
        let oldest = entries.slots.indices.min(by: { entries.slots[$0].value.lastUse < entries.slots[$1].value.lastUse }
        )
      else { return }
      entries.totalCost -= entries.slots.remove(at: oldest).value.slot.cost
    }
  }
}
