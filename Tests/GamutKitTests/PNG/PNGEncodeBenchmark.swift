import Foundation
import Testing

@testable import GamutKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Time of encoding an 8192x8192 RGBA image whole (``PNGEncoder/encode(_:colorTag:)``) or streamed
/// (``PNGStreamWriter`` fed strips of 64 rows made on the fly). One mode per process, so that its peak memory can be
/// read with `/usr/bin/time -v`; prints figures and asserts nothing about time. Runs only with
/// `GAMUT_BENCHMARK=1` and `GAMUT_ENCODE_BENCHMARK` set to a mode, with a release build:
///
/// ```sh
/// swift build -c release --build-tests
/// GAMUT_BENCHMARK=1 GAMUT_ENCODE_BENCHMARK=stream-8 GAMUT_ENCODE_OUTPUT=/tmp/stream-8.png /usr/bin/time -v \
///   .build/release/gamutPackageTests.xctest --testing-library swift-testing --filter PNGEncodeBenchmark
/// ```
///
/// Modes: `whole-8`, `whole-16` (the image in memory, then one encode), `stream-8`, `stream-16` (strips appended
/// to one writer), `pair` (an 8-bit and a 16-bit writer fed the same strips in turn, as the pipeline does), and
/// `strips` (the strips made and dropped: the cost of making them, and the process's own memory). The PNG is
/// written to `GAMUT_ENCODE_OUTPUT` (`pair` adds `.16` to the 16-bit file's name), or to `/dev/null`.
@Suite(
  "PNG: encode benchmark",
  .enabled(if: ProcessInfo.processInfo.environment["GAMUT_BENCHMARK"] == "1"),
  .enabled(if: ProcessInfo.processInfo.environment["GAMUT_ENCODE_BENCHMARK"] != nil))
struct PNGEncodeBenchmark {
  static let side = 8192
  static let stripRows = 64

  /// Writes to a file.
  final class FileSink: PNGByteSink {
    let path: String
    let descriptor: Int32

    init(path: String) throws {
      self.path = path
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      if descriptor < 0 { throw FileError(path: path, operation: "open", reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 { throw FileError(path: path, operation: "write", reason: String(cString: strerror(errno))) }
        offset += written
      }
    }
  }

  /// Rows `first..<first + count` of a synthetic poster: a diagonal gradient, four discs of flat color, opaque on a
  /// translucent background, and +-1 code of noise (8-bit) or +-97 (16-bit) from an integer hash.
  static func strip(first: Int, count: Int, bitDepth: Int) -> PixelBuffer {
    let discs: [(x: Int, y: Int, radius: Int, red: Int, green: Int, blue: Int)] = [
      (2000, 2500, 1500, 60000, 12000, 9000), (6000, 2000, 1100, 8000, 50000, 20000),
      (4500, 6000, 2000, 20000, 16000, 62000), (7000, 7200, 700, 64000, 60000, 5000),
    ]
    let scale = side - 1
    let noiseStep = bitDepth == 16 ? 97 : 257
    var values = [Int](repeating: 0, count: side * count * 4)
    values.withUnsafeMutableBufferPointer { values in
      for y in first..<first + count {
        for x in 0..<side {
          var (red, green, blue, alpha) = (x * 65535 / scale, y * 65535 / scale, (x + y) * 65535 / (2 * scale), 40000)
          for disc in discs where (x - disc.x) * (x - disc.x) + (y - disc.y) * (y - disc.y) < disc.radius * disc.radius
          {
            (red, green, blue, alpha) = (disc.red, disc.green, disc.blue, 65535)
          }
          let index = ((y - first) * side + x) * 4
          for (channel, value) in [red, green, blue, alpha].enumerated() {
            var hash = UInt32(truncatingIfNeeded: x &* 0x9E37_79B1 ^ y &* 0x85EB_CA77 ^ channel &* 0xC2B2_AE3D)
            hash ^= hash >> 15
            hash &*= 0x2C1B_3C6D
            hash ^= hash >> 12
            values[index + channel] = value + (Int(hash % 3) - 1) * noiseStep
          }
        }
      }
    }
    if bitDepth == 16 {
      return PixelBuffer(
        width: side, height: count, layout: .rgba, samples: .sixteen(values.map { UInt16(clamping: $0) }))
    }
    return PixelBuffer(
      width: side, height: count, layout: .rgba, samples: .eight(values.map { UInt8(clamping: ($0 + 128) / 257) }))
  }

  static func seconds(since start: UInt64) -> String {
    String(format: "%.2f s", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }

  @Test func encode() throws {
    let environment = ProcessInfo.processInfo.environment
    let mode = environment["GAMUT_ENCODE_BENCHMARK"] ?? ""
    let output = environment["GAMUT_ENCODE_OUTPUT"] ?? "/dev/null"
    let bitDepth = mode.hasSuffix("-16") ? 16 : 8
    let tag = PNGEncoder.ColorTag.sRGB(intent: 0)
    switch mode {
    case "whole-8", "whole-16":
      var samples8: [UInt8] = []
      var samples16: [UInt16] = []
      if bitDepth == 16 {
        samples16.reserveCapacity(Self.side * Self.side * 4)
      } else {
        samples8.reserveCapacity(Self.side * Self.side * 4)
      }
      for first in stride(from: 0, to: Self.side, by: Self.stripRows) {
        switch Self.strip(first: first, count: Self.stripRows, bitDepth: bitDepth).samples {
        case .eight(let values): samples8 += values
        case .sixteen(let values): samples16 += values
        }
      }
      let image = PixelBuffer(
        width: Self.side, height: Self.side, layout: .rgba,
        samples: bitDepth == 16 ? .sixteen(samples16) : .eight(samples8))
      samples8 = []
      samples16 = []
      let start = DispatchTime.now().uptimeNanoseconds
      let bytes = try PNGEncoder().encode(image, colorTag: tag)
      print("\(mode): encode \(Self.seconds(since: start)), \(bytes.count) bytes")
      try bytes.withUnsafeBytes { try FileSink(path: output).write($0) }
    case "stream-8", "stream-16":
      let start = DispatchTime.now().uptimeNanoseconds
      let writer = try PNGStreamWriter(
        width: Self.side, height: Self.side, layout: .rgba, bitDepth: bitDepth, colorTag: tag,
        sink: FileSink(path: output))
      for first in stride(from: 0, to: Self.side, by: Self.stripRows) {
        try writer.append(Self.strip(first: first, count: Self.stripRows, bitDepth: bitDepth))
      }
      try writer.finish()
      print("\(mode): strips and encode \(Self.seconds(since: start)), \(writer.bytesWritten) bytes")
    case "pair":
      let start = DispatchTime.now().uptimeNanoseconds
      let writers = try [8, 16].map { depth in
        try PNGStreamWriter(
          width: Self.side, height: Self.side, layout: .rgba, bitDepth: depth, colorTag: tag,
          sink: FileSink(path: depth == 16 && output != "/dev/null" ? output + ".16" : output))
      }
      for first in stride(from: 0, to: Self.side, by: Self.stripRows) {
        for writer in writers {
          try writer.append(Self.strip(first: first, count: Self.stripRows, bitDepth: writer.bitDepth))
        }
      }
      for writer in writers { try writer.finish() }
      print("pair: strips and encode \(Self.seconds(since: start)), \(writers.map(\.bytesWritten)) bytes")
    case "strips":
      for depth in [8, 16] {
        let start = DispatchTime.now().uptimeNanoseconds
        var checksum = 0
        for first in stride(from: 0, to: Self.side, by: Self.stripRows) {
          checksum &+= Int(Self.strip(first: first, count: Self.stripRows, bitDepth: depth).pixel16(x: 9, y: 9)[0])
        }
        print("strips: \(depth)-bit strips made in \(Self.seconds(since: start)) (\(checksum))")
      }
    default:
      Issue.record("unknown GAMUT_ENCODE_BENCHMARK mode \(mode)")
    }
  }
}
