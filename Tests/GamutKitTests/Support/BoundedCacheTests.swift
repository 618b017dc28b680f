import Dispatch
import Synchronization
import Testing

@testable import GamutKit

@Suite("Bounded cache: computed once per key, least recently used dropped")
struct BoundedCacheTests {
  @Test func computesOncePerKey() {
    let cache = BoundedCache<String, Int>(capacity: 4)
    let calls = Mutex(0)
    for _ in 0..<3 {
      #expect(
        cache.value(for: "a") {
          calls.withLock { $0 += 1 }
          return 1
        } == 1)
      #expect(
        cache.value(for: "b") {
          calls.withLock { $0 += 1 }
          return 2
        } == 2)
    }
    #expect(calls.withLock { $0 } == 2)
    #expect(cache.computedCount == 2)
    #expect(cache.count == 2)
  }

  @Test func dropsTheLeastRecentlyUsedBeyondCapacity() {
    let cache = BoundedCache<Int, Int>(capacity: 2)
    _ = cache.value(for: 1) { 10 }
    _ = cache.value(for: 2) { 20 }
    _ = cache.value(for: 1) { 99 }  // 1 is now the most recently used
    _ = cache.value(for: 3) { 30 }  // drops 2
    #expect(cache.count == 2)
    #expect(cache.value(for: 1) { 99 } == 10)
    #expect(cache.value(for: 3) { 99 } == 30)
    #expect(cache.value(for: 2) { 21 } == 21)  // computed again
    #expect(cache.computedCount == 4)
  }

  @Test func keepsTheCostsUnderTheLimit() {
    let cache = BoundedCache<Int, Int>(capacity: 100, costLimit: 10)
    for key in 0..<5 { _ = cache.value(for: key, cost: 4) { key } }
    #expect(cache.count == 2)
    // A value dearer than the whole limit is returned but never kept.
    #expect(cache.value(for: 99, cost: 11) { 7 } == 7)
    #expect(cache.value(for: 99, cost: 11) { 8 } == 8)
    #expect(cache.count == 2)
  }

  @Test func aKeyNotEqualToItselfIsStillDropped() {
    let cache = BoundedCache<Double, Int>(capacity: 3)
    for index in 0..<10 { _ = cache.value(for: .nan) { index } }
    #expect(cache.count == 3)
  }

  @Test func threadsAskingAtOnceComputeOnce() {
    let cache = BoundedCache<Int, Int>(capacity: 8)
    let calls = Mutex(0)
    let results = Mutex([Int]())
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let value = cache.value(for: index % 4) {
        calls.withLock { $0 += 1 }
        return (index % 4) * 100
      }
      results.withLock { $0.append(value - (index % 4) * 100) }
    }
    #expect(calls.withLock { $0 } == 4)
    #expect(results.withLock { $0 } == [Int](repeating: 0, count: 64))
  }
}
