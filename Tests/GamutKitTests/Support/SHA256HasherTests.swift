import Foundation
import Testing

@testable import GamutKit

/// SHA-256 against NIST's published vectors (FIPS 180-4 examples, SHA-2 byte-oriented test vectors) and against
/// the system's `sha256sum` on real files.
@Suite struct SHA256HasherTests {
  /// NIST's examples: message -> digest.
  static let vectors: [(message: [UInt8], digest: String)] = [
    ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      Array(
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
          .utf8),
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
    ([UInt8](repeating: 0x61, count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    // SHAVS short-message vector: the one byte 0xd3.
    ([0xD3], "28969cdfa74a12c82f3bad960b0b000aca2ac329deea5c2328ebc6f2ba9802c1"),
  ]

  @Test(arguments: 0..<vectors.count) func nistVectors(index: Int) {
    let vector = Self.vectors[index]
    #expect(ContentHash.of(vector.message) == vector.digest)
  }

  @Test func streamingInPiecesEqualsOneShot() {
    // A million "a" fed in uneven pieces, across the 64-byte block boundaries.
    var hasher = SHA256Hasher()
    var remaining = 1_000_000
    var size = 1
    let piece = [UInt8](repeating: 0x61, count: 70_001)
    while remaining > 0 {
      let count = min(size, remaining, piece.count)
      piece.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      remaining -= count
      size = size * 3 + 1
    }
    #expect(ContentHash.hex(hasher.finalize()) == Self.vectors[4].digest)
  }

  /// Files of the shared test data, hashed by ``OpenedSource`` (in 256 KiB blocks) and by `sha256sum`.
  @Test func realFilesMatchTheSystemTool() throws {
    let folder = TestData.sharedRoot.path
    // Every file under wide-gamut (one over 256 KiB, so several blocks), and a few PNGs and profiles.
    let names = ["wide-gamut", "pngsuite", "icc"].flatMap { sub in
      let all = (FileManager.default.subpaths(atPath: folder + "/" + sub) ?? []).filter { name in
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder + "/" + sub + "/" + name, isDirectory: &isFolder)
          && !isFolder.boolValue
      }.sorted()
      return (sub == "wide-gamut" ? all : Array(all.prefix(6))).map { sub + "/" + $0 }
    }
    #expect(names.count >= 12)
    for name in names {
      let source = try #require(OpenedSource(name, root: folder, realRoot: SourceScanner.realPath(folder)!))
      #expect(source.contentHash() == (try Self.systemDigest(folder + "/" + name)), "\(name)")
    }
  }

  /// The digest `sha256sum` (or `shasum -a 256` on macOS) prints for a file.
  static func systemDigest(_ path: String) throws -> String {
    let process = Process()
    #if os(macOS)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/shasum")
      process.arguments = ["-a", "256", path]
    #else
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["sha256sum", path]
    #endif
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(String(decoding: data, as: UTF8.self).prefix(64))
  }
}
