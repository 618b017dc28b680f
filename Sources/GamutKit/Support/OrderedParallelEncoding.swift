import Dispatch
import Foundation
import Synchronization

/// Encodes many items into one file's bytes on all cores, in order: items are cut into chunks, a batch of chunks is
/// encoded at once (each chunk on one thread), and the batch's bytes are handed on chunk by chunk, so that memory
/// holds one batch, never the whole file. The manifest and the state of a large catalog are written this way.
enum OrderedParallelEncoding {
  /// Calls `encode` with consecutive ranges of `0..<count` (on several threads) and `write` with what each returned,
  /// in order (on the calling thread). The first error thrown stops the work and is rethrown.
  static func run(
    count: Int, chunkSize: Int = 128, encode: @Sendable (Range<Int>) throws -> [UInt8],
    write: ([UInt8]) throws -> Void
  ) throws {
    let batch = chunkSize * 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    var start = 0
    while start < count {
      let end = min(count, start + batch)
      let chunks = stride(from: start, to: end, by: chunkSize).map { $0..<min(end, $0 + chunkSize) }
      let results = Mutex([Result<[UInt8], any Error>?](repeating: nil, count: chunks.count))
      DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
        let result = Result { try encode(chunks[index]) }
        results.withLock { $0[index] = result }
      }
      for result in results.withLock({ $0 }) { try write(try result!.get()) }
      start = end
    }
  }
}
