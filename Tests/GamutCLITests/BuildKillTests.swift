import Foundation
import GamutKit
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Kills real `gamut build` processes with SIGKILL at many points of a build and checks what they leave: every
/// visible file is a complete PNG or JSON file, every imageset names only files that exist, and the next run
/// completes the catalog to exactly the bytes of a clean build.
@Suite(.serialized) struct BuildKillTests {
  /// A source tree of 33 assets (48 sources): SampleAssets without its broken file four times, in four groups,
  /// with every asset name prefixed by its group so that no two assets collide, and its large clipping gradient
  /// (which becomes a Display P3 and sRGB pair) in the first group only, to keep the build short.
  static func makeSources(in folder: String) throws {
    let sample = GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path
    let manager = FileManager.default
    for group in 0..<4 {
      let target = folder + "/G\(group)"
      try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
      for subfolder in ["Artwork", "Controls", "Icons"] {
        for name in try manager.contentsOfDirectory(atPath: sample + "/" + subfolder)
        where name.hasSuffix(".png") && !name.hasPrefix("Broken") && (group == 0 || !name.hasPrefix("Sunset")) {
          try manager.copyItem(atPath: sample + "/" + subfolder + "/" + name, toPath: target + "/G\(group)" + name)
        }
      }
    }
  }

  /// Starts `gamut build` on `out/K.xcassets`, kills it after `delay` seconds (unless it ended before) and
  /// returns whether the kill cut it short.
  static func build(in folder: String, output: String, killAfter delay: Double?) throws -> Bool {
    let process = Process()
    process.executableURL = GamutProcess.productsFolder.appendingPathComponent("gamut")
    process.arguments = ["build", "src", "--output", output + "/K.xcassets", "--quiet"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    if let delay {
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
  }

  /// What is wrong with the visible files under `folder` (names without a leading dot): each PNG must decode
  /// completely, each JSON file must parse, nothing else may be there, and every file an imageset's
  /// `Contents.json` names must exist.
  static func problems(in folder: String) -> [String] {
    var problems: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
      let path = folder + "/" + relative
      var isFolder: ObjCBool = false
      let name = (relative as NSString).lastPathComponent
      guard !name.hasPrefix("."), FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      if name.hasSuffix(".png") {
        do {
          _ = try PNGDecoder().decode(contentsOf: path)
        } catch {
          problems.append("\(relative): \(error)")
        }
      } else if name.hasSuffix(".json") {
        guard let data = FileManager.default.contents(atPath: path),
          let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
          problems.append("\(relative): not a JSON object")
          continue
        }
        let folderPath = (path as NSString).deletingLastPathComponent
        for image in json["images"] as? [[String: Any]] ?? [] {
          if let file = image["filename"] as? String, !FileManager.default.fileExists(atPath: folderPath + "/" + file) {
            problems.append("\(relative) names \(file), which is missing")
          }
        }
      } else {
        problems.append("\(relative): unexpected visible file")
      }
    }
    return problems
  }

  /// Every regular file under `folder` with its bytes, except gamut's own hidden files in the catalog (the
  /// state, the lock, the journal), which record inodes and times of this run.
  static func snapshot(_ folder: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      let path = folder + "/" + relative
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
      let name = (relative as NSString).lastPathComponent
      if [".gamut-state.json", ".gamut.lock", ".gamut-journal"].contains(name) { continue }
      files[relative] = FileManager.default.contents(atPath: path)
    }
    return files
  }

  @Test func killedBuildsLeaveValidFilesAndTheNextRunMatchesACleanBuild() throws {
    let folder = NSTemporaryDirectory() + "gamut-kill-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.makeSources(in: folder + "/src")

    let started = Date()
    #expect(try !Self.build(in: folder, output: "clean", killAfter: nil))
    let duration = Date().timeIntervalSince(started)
    let clean = Self.snapshot(folder + "/clean")
    #expect(clean.keys.filter { $0.hasSuffix(".png") }.count >= 60)
    #expect(Self.problems(in: folder + "/clean").isEmpty)

    // 15 kill points from 2 ms to past the end of a clean build, in chains of three on the same catalog (so
    // that later kills also hit a build recovering from an earlier kill), each chain then completed by a run.
    let fractions = [0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.35, 0.45, 0.5, 0.6, 0.7, 0.75, 0.85, 0.95, 1.1]
    var killed = 0
    for chain in stride(from: 0, to: fractions.count, by: 3) {
      let output = "out\(chain / 3)"
      for fraction in fractions[chain..<(chain + 3)] {
        let delay = max(0.002, fraction * duration)
        if try Self.build(in: folder, output: output, killAfter: delay) { killed += 1 }
        let problems = Self.problems(in: folder + "/" + output)
        #expect(problems.isEmpty, "after a kill at \(Int(delay * 1000)) ms: \(problems)")
      }
      #expect(try !Self.build(in: folder, output: output, killAfter: nil))
      let recovered = Self.snapshot(folder + "/" + output)
      #expect(recovered.keys.sorted() == clean.keys.sorted(), "chain \(chain / 3): other files than a clean build")
      let differing = clean.keys.filter { recovered[$0] != clean[$0] }.sorted()
      #expect(differing.isEmpty, "chain \(chain / 3): bytes differ from a clean build in \(differing)")
      let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder + "/" + output).filter {
        AtomicFile.isTemporaryName(($0 as NSString).lastPathComponent) || $0.hasSuffix(".gamut-journal")
      }
      #expect(leftovers.isEmpty, "chain \(chain / 3): \(leftovers) left after a completed run")
    }
    // Most kill points must land inside a build, or the test proves little.
    #expect(killed >= 8, "only \(killed) of \(fractions.count) kills hit a running build")
  }
}
