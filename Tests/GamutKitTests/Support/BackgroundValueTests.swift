import Dispatch
import Foundation
import Synchronization
import Testing

@testable import GamutKit

@Suite("Background work: a value made on another thread, a value freed on another thread")
struct BackgroundValueTests {
  @Test func theValueIsMadeOnAnotherThreadAndHandedOverOnce() {
    let caller = pthread_self()
    // The work waits (a while at most) until the caller has gone on: work run on the caller's thread, before `init`
    // returned, would wait in vain and say so.
    let callerWentOn = DispatchSemaphore(value: 0)
    let ranOnCaller = Mutex<Bool?>(nil)
    let loading = BackgroundValue { () -> [Int] in
      _ = callerWentOn.wait(timeout: .now() + 5)
      ranOnCaller.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 }
      return Array(0..<1000)
    }
    callerWentOn.signal()
    #expect(loading.take() == Array(0..<1000))
    #expect(ranOnCaller.withLock { $0 } == false)
  }

  @Test func waitReturnsOnceTheWorkIsDone() {
    let finished = Mutex(false)
    let work = BackgroundValue { () -> Int in
      Thread.sleep(forTimeInterval: 0.05)
      finished.withLock { $0 = true }
      return 1
    }
    work.wait()
    #expect(finished.withLock { $0 })
  }

  /// Says, when freed, whether that happened on the thread that made it.
  private final class Tracked: Sendable {
    let caller = pthread_self()
    let freed: @Sendable (_ onCaller: Bool) -> Void

    init(freed: @escaping @Sendable (_ onCaller: Bool) -> Void) {
      self.freed = freed
    }

    deinit {
      freed(pthread_equal(pthread_self(), caller) != 0)
    }
  }

  @Test func releaseFreesTheValueOnAnotherThread() {
    let done = DispatchSemaphore(value: 0)
    let freedOnCaller = Mutex<[Bool]>([])
    let values = (0..<100).map { _ in
      Tracked { onCaller in
        freedOnCaller.withLock { $0.append(onCaller) }
        done.signal()
      }
    }
    BackgroundRelease.release(consume values)
    for _ in 0..<100 { #expect(done.wait(timeout: .now() + 10) == .success) }
    #expect(freedOnCaller.withLock { $0 } == Array(repeating: false, count: 100))
  }
}
