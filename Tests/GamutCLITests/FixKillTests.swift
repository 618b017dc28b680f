import Foundation
import Testing

@testable import GamutKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Kills real `gamut lint --fix` processes with SIGKILL at random moments of a fix of a real catalog and checks what
/// they leave: every folder (each set, each group's own `Contents.json`) holds exactly its files from before the fix
/// or exactly those of a finished fix, never a mix; the next run finishes the job, to the bytes of a fix that was
/// not killed, and leaves no temporary folder or lock behind.
@Suite(.serialized, .tags(.process, .realData), .selectedByTags) struct FixKillTests {
  /// The watch catalog of pocket-casts-ios (`Tests/Fixtures/testdata/catalogs`, MPL-2.0: 180 image sets, 236 PNGs),
  /// copied to `path` with its PNGs made into work for the fix, in turn by their sorted paths: the art's lightness as
  /// a saturated Display P3 orange (wide colors that clip: a display-gamut pair), the same pixels at 16 bits (an 8-bit
  /// rewrite), the same pixels tagged with a gamma of 1.8 (a conversion to sRGB). Sets, entries, names, sizes and alpha
  /// are the app's.
  static func makeCatalog(at path: String) throws {
    let source = GamutProcess.testData.appendingPathComponent(
      "catalogs/pocket-casts-ios/Pocket Casts Watch App/Assets.xcassets"
    ).path
    try FileManager.default.copyItem(atPath: source, toPath: path)
    let pngs = (FileManager.default.subpaths(atPath: path) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    for (index, relative) in pngs.enumerated() {
      let file = path + "/" + relative
      guard let image = try? PNGDecoder().decode(contentsOf: file) else { continue }
      let rgba = image.pixels.expandedToRGB()
      guard case .eight(let samples) = rgba.samples else { continue }
      let channels = rgba.layout.hasAlpha ? 4 : 3
      let bytes: [UInt8]
      switch index % 3 {
      case 0:
        var wide = samples
        for pixel in stride(from: 0, to: samples.count, by: channels) {
          let light = max(samples[pixel], samples[pixel + 1], samples[pixel + 2])
          (wide[pixel], wide[pixel + 1], wide[pixel + 2]) = (max(light, 64), light / 2, 0)
        }
        bytes = try PNGEncoder(compressionLevel: 1).encode(
          PixelBuffer(width: rgba.width, height: rgba.height, layout: rgba.layout, samples: .eight(wide)),
          colorTag: .iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes))
      case 1:
        bytes = try PNGEncoder(compressionLevel: 1).encode(
          PixelBuffer(
            width: rgba.width, height: rgba.height, layout: rgba.layout,
            samples: .sixteen(samples.map { UInt16($0) * 257 })),
          colorTag: .sRGB(intent: 0))
      default:
        let plain = try PNGEncoder(compressionLevel: 1).encode(rgba, colorTag: .none)
        bytes = Array(plain[0..<33]) + PNGBuilder.chunk("gAMA", [0, 0, 0xD9, 0x03]) + Array(plain[33...])
      }
      try Data(bytes).write(to: URL(fileURLWithPath: file))
    }
  }

  /// When a run of the fix is killed.
  enum Kill {
    /// Not at all: the run ends by itself.
    case never
    /// After this many seconds (unless it ended before).
    case after(Double)
    /// This many seconds after the first set folder is staged (the fix is writing), however long it took to get
    /// there: a kill that lands among the writes whatever the machine's speed.
    case whileWriting(Double)
  }

  /// Runs `gamut lint K.xcassets --fix=safe,contents-layout` in `folder`, killing it with SIGKILL as `kill` says;
  /// whether the kill cut it short.
  static func fix(in folder: String, kill when: Kill) throws -> Bool {
    let process = Process()
    process.executableURL = GamutProcess.productsFolder.appendingPathComponent("gamut")
    process.arguments = ["lint", "K.xcassets", "--fix=safe,contents-layout", "--quiet"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    switch when {
    case .never:
      break
    case .after(let delay):
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
    case .whileWriting(let delay):
      while process.isRunning && !isStaging(folder + "/K.xcassets") { usleep(500) }
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
  }

  /// Whether a fix has staged a set folder in `catalog` (its new files, before the set is swapped in).
  static func isStaging(_ catalog: String) -> Bool {
    (FileManager.default.subpaths(atPath: catalog) ?? []).contains {
      ($0 as NSString).lastPathComponent.hasPrefix(AtomicFile.temporaryPrefix + "fix-")
    }
  }

  /// Each folder of the catalog with the files directly in it and their bytes, gamut's own hidden names (the lock,
  /// temporary files and folders) left out: the units a fix replaces whole.
  static func folders(_ catalog: String) -> [String: [String: Data]] {
    var folders: [String: [String: Data]] = ["": [:]]
    let enumerator = FileManager.default.enumerator(atPath: catalog)
    while let relative = enumerator?.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.hasPrefix(".gamut") {
        enumerator?.skipDescendants()
        continue
      }
      var isFolder: ObjCBool = false
      let path = catalog + "/" + relative
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      if isFolder.boolValue {
        folders[relative, default: [:]] = folders[relative] ?? [:]
      } else {
        folders[(relative as NSString).deletingLastPathComponent, default: [:]][name] = FileManager.default.contents(
          atPath: path)
      }
    }
    return folders
  }

  /// The names gamut leaves only while it runs: temporary files and folders, the lock.
  static func leftovers(_ catalog: String) -> [String] {
    (FileManager.default.subpaths(atPath: catalog) ?? []).filter {
      ($0 as NSString).lastPathComponent.hasPrefix(".gamut")
    }
  }

  @Test func killedFixesLeaveEveryFolderOldOrNewAndTheNextRunFinishes() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.createDirectory(atPath: folder + "/src", withIntermediateDirectories: true)
    try Self.makeCatalog(at: folder + "/src/K.xcassets")
    let before = Self.folders(folder + "/src/K.xcassets")

    try FileManager.default.copyItem(atPath: folder + "/src", toPath: folder + "/clean")
    let started = Date()
    #expect(try !Self.fix(in: folder + "/clean", kill: .never))
    let duration = Date().timeIntervalSince(started)
    let after = Self.folders(folder + "/clean/K.xcassets")
    let changed = after.keys.filter { after[$0] != before[$0] }.count
    #expect(changed > 100, "the fix must change most sets for the test to prove much: \(changed)")
    #expect(Self.leftovers(folder + "/clean/K.xcassets") == [])

    var seed = UInt64(Date().timeIntervalSince1970 * 1000)
    func random() -> Double {
      // SplitMix64: the seed is printed, so a failure can be replayed.
      seed &+= 0x9E37_79B9_7F4A_7C15
      var z = seed
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    let firstSeed = seed
    var killed = 0
    // Kills after which some folders were fixed and others not yet: the kill came while the fix was writing.
    var midway = 0
    for chain in 0..<5 {
      let work = folder + "/out\(chain)"
      try FileManager.default.copyItem(atPath: folder + "/src", toPath: work)
      for step in 0..<3 {
        // The first kill of a chain comes at any moment of a whole fix; the second a little after the fix began
        // to write (wherever that falls on this machine); the third at any moment of what is left, which is
        // shorter in a catalog partly fixed already.
        let kill: Kill =
          step == 1
          ? .whileWriting(0.05 * duration * random()) : .after(duration * (0.05 + (step == 0 ? 0.9 : 0.6) * random()))
        if try Self.fix(in: work, kill: kill) { killed += 1 }
        let now = Self.folders(work + "/K.xcassets")
        #expect(Set(now.keys) == Set(before.keys), "seed \(firstSeed), chain \(chain) step \(step): folders went")
        let mixed = now.keys.filter { now[$0] != before[$0] && now[$0] != after[$0] }.sorted()
        let fixedSoFar = now.keys.filter { now[$0] == after[$0] && before[$0] != after[$0] }.count
        if fixedSoFar > 0 && fixedSoFar < changed { midway += 1 }
        #expect(mixed.isEmpty, "seed \(firstSeed), chain \(chain) step \(step), kill \(kill): mixed \(mixed)")
      }
      #expect(try !Self.fix(in: work, kill: .never))
      #expect(Self.folders(work + "/K.xcassets") == after, "seed \(firstSeed), chain \(chain): not finished as clean")
      #expect(
        Self.leftovers(work + "/K.xcassets") == [], "chain \(chain): left \(Self.leftovers(work + "/K.xcassets"))")
    }
    print(
      "FixKillTests: clean fix \(Int(duration * 1000)) ms, \(changed) folders changed; \(killed) of 15 kills hit, "
        + "\(midway) while it was writing (seed \(firstSeed))")
    // The kills timed while the fix writes always land among its writes, however fast the machine: the others
    // may come after a fast run ended.
    #expect(killed >= 5, "only \(killed) of 15 kills hit a running fix")
    #expect(midway >= 3, "only \(midway) of 15 kills came while the fix was writing")
  }
}
