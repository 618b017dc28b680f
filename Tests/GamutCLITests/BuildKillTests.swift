import Foundation
import Testing

@testable import GamutKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Kills real `gamut build` processes with SIGKILL at many points of a build and checks what they leave: every
/// visible file is a complete PNG or JSON file, every imageset names only files that exist, and the next run
/// completes the catalog to exactly the bytes of a clean build.
@Suite(.serialized, .tags(.process), .selectedByTags) struct BuildKillTests {
  /// A source tree of 25 assets (36 sources): SampleAssets without its broken file three times, in three groups,
  /// with every asset name prefixed by its group so that no two assets collide, and its large clipping gradient
  /// (which becomes a Display P3 and sRGB pair) in the first group only, to keep the build short.
  static func makeSources(in folder: String) throws {
    let sample = GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path
    let manager = FileManager.default
    for group in 0..<3 {
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

  /// When a kill comes: a time after the start, or the moment the build has printed this many `built ASSET`
  /// progress lines (so that it lands among the assets whatever the machine's speed).
  enum KillPoint: CustomStringConvertible {
    case seconds(Double)
    case builtLines(Int)

    var description: String {
      switch self {
      case .seconds(let delay): "\(Int(delay * 1000)) ms"
      case .builtLines(let count): "\(count) built lines"
      }
    }
  }

  /// Runs `gamut build src --output OUTPUT/K.xcassets`, kills it with SIGKILL at `killPoint` (unless it ended
  /// before) and returns whether the kill cut it short.
  static func build(in folder: String, output: String, killAt killPoint: KillPoint?) throws -> Bool {
    let process = Process()
    process.executableURL = GamutProcess.productsFolder.appendingPathComponent("gamut")
    process.arguments = ["build", "src", "--output", output + "/K.xcassets"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardOutput = FileHandle.nullDevice
    let progress = Pipe()
    process.standardError = progress
    try process.run()
    switch killPoint {
    case .seconds(let delay):
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
    case .builtLines(let count):
      var seen = 0
      var text = Data()
      while seen < count {
        let data = progress.fileHandleForReading.availableData
        if data.isEmpty { break }  // the build ended first
        text += data
        seen =
          String(decoding: text, as: UTF8.self).components(separatedBy: "\nbuilt ").count - 1
          + (text.starts(with: Data("built ".utf8)) ? 1 : 0)
      }
      kill(process.processIdentifier, SIGKILL)
    case nil:
      break
    }
    _ = progress.fileHandleForReading.readDataToEndOfFile()
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
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try Self.makeSources(in: folder + "/src")

    let started = Date()
    #expect(try !Self.build(in: folder, output: "clean", killAt: nil))
    let duration = Date().timeIntervalSince(started)
    let clean = Self.snapshot(folder + "/clean")
    #expect(clean.keys.filter { $0.hasSuffix(".png") }.count == 44)
    #expect(Self.problems(in: folder + "/clean").isEmpty)

    // 15 kill points, in chains of three on one catalog (so that later kills also hit a build recovering from an
    // earlier kill), each chain then completed by a run that is not killed: at start-up, after a number of
    // assets (down to the first; 2 + 8 + 15 is all 25, so the last of those kills comes while the groups, the
    // manifest and the state are written, or just after), and at a fraction of a clean build's time.
    let chains: [[KillPoint]] = [
      [.seconds(0.002), .builtLines(3), .builtLines(10)],
      [.builtLines(1), .builtLines(1), .builtLines(1)],
      [.builtLines(15), .builtLines(5), .seconds(0.005)],
      [.builtLines(2), .builtLines(8), .builtLines(15)],
      [.seconds(0.3 * duration), .builtLines(4), .builtLines(6)],
    ]
    var killed = 0
    for (index, chain) in chains.enumerated() {
      let output = "out\(index)"
      for killPoint in chain {
        if try Self.build(in: folder, output: output, killAt: killPoint) { killed += 1 }
        let problems = Self.problems(in: folder + "/" + output)
        #expect(problems.isEmpty, "chain \(index), after a kill at \(killPoint): \(problems)")
      }
      #expect(try !Self.build(in: folder, output: output, killAt: nil))
      let recovered = Self.snapshot(folder + "/" + output)
      #expect(recovered.keys.sorted() == clean.keys.sorted(), "chain \(index): other files than a clean build")
      let differing = clean.keys.filter { recovered[$0] != clean[$0] }.sorted()
      #expect(differing.isEmpty, "chain \(index): bytes differ from a clean build in \(differing)")
      let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder + "/" + output).filter {
        AtomicFile.isTemporaryName(($0 as NSString).lastPathComponent) || $0.hasSuffix(".gamut-journal")
      }
      #expect(leftovers.isEmpty, "chain \(index): \(leftovers) left after a completed run")
    }
    print("BuildKillTests: clean build \(Int(duration * 1000)) ms; \(killed) of 15 kills hit a running build")
    // Most kill points must land inside a build, or the test proves little.
    #expect(killed >= 12, "only \(killed) of 15 kills hit a running build")
  }
}
