import Dispatch
import Synchronization

/// A value worked out on another thread while the thread that asked for it goes on with other work: a build reads
/// the previous build's state while it scans and plans the sources, since neither needs the other.
///
/// ``take()`` waits for the work to finish. The work runs exactly once, whether or not anyone asks for its value;
/// a caller that leaves early (by throwing) waits for it with ``wait()`` so that no work outlives the caller's
/// lock on what the work reads.
final class BackgroundValue<Value: Sendable>: Sendable {
  private let result = Mutex<Value?>(nil)
  private let done = DispatchGroup()

  /// Starts `work` on a global queue.
  init(_ work: @escaping @Sendable () -> Value) {
    done.enter()
    DispatchQueue.global().async { [self] in
      let value = work()
      result.withLock { $0 = value }
      done.leave()
    }
  }

  /// Waits for the work to finish.
  func wait() {
    done.wait()
  }

  /// The work's value, once it is done, handed over: the second call finds none and stops the program.
  func take() -> Value {
    done.wait()
    return result.withLock { $0.take()! }
  }
}

/// Frees values on another thread: the records of a large build take tens of milliseconds to free, which the
/// caller (a command line about to exit, a watch loop about to wait) need not spend.
enum BackgroundRelease {
  /// Lets go of `value` on a global queue; the caller must hold no other reference to what it owns.
  static func release<Value: Sendable>(_ value: consuming Value) {
    let box = Box(value)
    DispatchQueue.global(qos: .utility).async { box.empty() }
  }

  /// The only owner of a value until it is emptied.
  private final class Box<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: consuming Value) {
      self.value = Mutex(value)
    }

    func empty() {
      value.withLock { $0 = nil }
    }
  }
}
