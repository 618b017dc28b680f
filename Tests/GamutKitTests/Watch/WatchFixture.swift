import Foundation
import Synchronization

@testable import GamutKit

/// A temporary source folder for watch tests, removed when released (unless it belongs to another one).
final class WatchFolder: Sendable {
  let path: String
  private let owned: Bool

  init() throws {
    path = try TemporaryFolder().path
    owned = true
  }

  /// An existing folder, for example one inside another ``WatchFolder``, which removes it.
  init(at path: String) {
    self.path = path
    owned = false
  }

  deinit {
    if owned { try? FileManager.default.removeItem(atPath: path) }
  }

  func url(_ relative: String) -> URL { URL(fileURLWithPath: path + "/" + relative) }

  /// Writes a whole file at once (creating folders on the way).
  func write(_ relative: String, _ bytes: [UInt8]) throws {
    let url = url(relative)
    let parent = url.deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: parent.path) {
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    }
    try Data(bytes).write(to: url)
  }

  func makeFolder(_ relative: String) throws {
    try FileManager.default.createDirectory(at: url(relative), withIntermediateDirectories: true)
  }

  func remove(_ relative: String) throws { try FileManager.default.removeItem(at: url(relative)) }

  func move(_ from: String, _ to: String) throws {
    guard rename(path + "/" + from, path + "/" + to) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  var scanner: SourceScanner { SourceScanner(root: path) }
}

/// Bytes that look like a PNG to ``WatchFixture/endsWithIEND``: the signature, filler, and the `IEND` chunk.
enum WatchFixture {
  static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

  static func pngLike(size: Int, seed: UInt8 = 0) -> [UInt8] {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let filler = (0..<max(0, size - signature.count - iend.count)).map { UInt8(truncatingIfNeeded: $0 &+ Int(seed)) }
    return signature + filler + iend
  }

  /// The stand-in for "decodes completely": the file ends with the `IEND` chunk.
  static let endsWithIEND: SourceCompleteness.Check = { path in
    guard let data = FileManager.default.contents(atPath: path), data.count >= 20 else {
      return .incomplete(reason: "too short for a PNG")
    }
    return Array(data.suffix(12)) == iend ? .complete : .incomplete(reason: "no IEND chunk at the end")
  }

  static func percentile(_ values: [Duration], _ fraction: Double) -> Duration {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .zero }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%.0f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
  }
}

/// A ``WatchLoop`` running on a thread of its own, recording every round and notice.
final class RunningWatch: Sendable {
  struct Ready: Sendable {
    var file: SourceFile
    var at: ContinuousClock.Instant
    /// The file as it was on disk when the round was handed over.
    var sizeOnDisk: Int
    var completeOnDisk: Bool
  }

  struct Log: Sendable {
    var ready: [Ready] = []
    var removed: [String] = []
    var rounds: [WatchRound] = []
    var notices: [WatchLoop.Notice] = []
    var error: String?

    func readyCount(_ path: String) -> Int { ready.count { $0.file.relativePath == path } }
    var readyPaths: Set<String> { Set(ready.map(\.file.relativePath)) }
    var broken: [BrokenFile] {
      notices.compactMap { if case .broken(let file) = $0 { file } else { nil } }
    }
  }

  let loop: WatchLoop
  let log = Mutex(Log())
  private let finished = Mutex(false)

  /// Starts the loop; `hook` runs inside each rebuild, after the round is recorded.
  init(
    folder: WatchFolder, source: any ChangeSource, options: WatchLoop.Options = WatchLoop.Options(),
    hook: @escaping @Sendable (WatchRound) -> Void = { _ in }
  ) {
    loop = WatchLoop(source: source, scanner: folder.scanner, options: options, isComplete: WatchFixture.endsWithIEND)
    let root = folder.path
    Thread { [self] in
      do {
        try loop.run(
          onNotice: { notice in log.withLock { $0.notices.append(notice) } },
          rebuild: { round in
            let now = ContinuousClock.now
            let ready = round.ready.map { file in
              let data = FileManager.default.contents(atPath: root + "/" + file.relativePath) ?? Data()
              return Ready(
                file: file, at: now, sizeOnDisk: data.count, completeOnDisk: Array(data.suffix(12)) == WatchFixture.iend
              )
            }
            log.withLock {
              $0.ready += ready
              $0.removed += round.removed
              $0.rounds.append(round)
            }
            hook(round)
          })
      } catch {
        log.withLock { $0.error = "\(error)" }
      }
      finished.withLock { $0 = true }
    }.start()
  }

  /// Waits (polling) until `condition` holds or `timeout` passes; returns whether it held.
  @discardableResult
  func wait(timeout: Duration = .seconds(15), until condition: (Log) -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if log.withLock({ condition($0) }) { return true }
      try await Task.sleep(for: .milliseconds(20))
    }
    return log.withLock { condition($0) }
  }

  /// Stops the loop and waits for its thread to end.
  func stop() async throws {
    loop.stop()
    while !finished.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
  }

  var snapshot: Log { log.withLock { $0 } }
}
