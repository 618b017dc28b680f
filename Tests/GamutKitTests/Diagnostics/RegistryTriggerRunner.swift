import Foundation

@testable import GamutKit

/// Writes a registry trigger's files into a temporary folder and runs its command: `gamut build` of `src/` into
/// `App.xcassets`, `gamut lint` of `App.xcassets`, or the checks of `App.icon`.
enum RegistryTriggerRunner {
  static func run(_ trigger: DiagnosticTrigger) throws -> [Diagnostic] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = folder.path
    try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
    for (path, file) in trigger.files { try write(file, at: root + "/" + path) }
    let configuration = root + "/gamut.yml"
    let hasConfiguration = FileManager.default.fileExists(atPath: configuration)
    switch trigger.runner {
    case .build:
      let options = hasConfiguration ? try BuildConfiguration(contentsOf: configuration).options : BuildOptions()
      let report = try CatalogBuilder(sourceRoot: root + "/src", catalogPath: root + "/App.xcassets", options: options)
        .build()
      return report.diagnostics
    case .lint:
      var linter = Linter()
      if hasConfiguration { linter.configuration = try LintConfiguration(contentsOf: configuration) }
      return linter.lint([root + "/App.xcassets"]).findings.map(\.diagnostic)
    case .iconBundle:
      return IconBundleChecks.check(bundlePath: root + "/App.icon")
    }
  }

  static func write(_ file: DiagnosticTrigger.File, at path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    switch file {
    case .text(let text): try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    case .png(let sketch): try Data(try png(sketch)).write(to: URL(fileURLWithPath: path))
    case .jpeg(let width, let height, let ended, let brokenProfile):
      let profile = JPEGBuilder.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 2] + Array(repeating: 7, count: 100))
      let bytes = JPEGBuilder.jpeg(width: width, height: height, extra: brokenProfile ? profile : [], ended: ended)
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    case .link(let target): try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    case .fifo: guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
    case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
  }

  /// The PNG a sketch describes.
  static func png(_ sketch: PNGSketch) throws -> [UInt8] {
    let layout = PixelBuffer.Layout(rawValue: sketch.pixel.count)!
    var samples: [UInt8] = []
    samples.reserveCapacity(sketch.width * sketch.height * sketch.pixel.count)
    for _ in 0..<sketch.height {
      for x in 0..<sketch.width {
        samples += sketch.ramp ? [255, UInt8(x * 255 / max(sketch.width - 1, 1)), 0] : sketch.pixel
      }
    }
    let buffer =
      sketch.sixteen
      ? PixelBuffer(
        width: sketch.width, height: sketch.height, layout: sketch.ramp ? .rgb : layout,
        samples: .sixteen(samples.map { UInt16($0) * 257 }))
      : PixelBuffer(
        width: sketch.width, height: sketch.height, layout: sketch.ramp ? .rgb : layout, samples: .eight(samples))
    let encoder = PNGEncoder(compressionLevel: 1)
    switch sketch.tag {
    case .sRGB: return try encoder.encode(buffer, colorTag: .sRGB(intent: 0))
    case .displayP3:
      return try encoder.encode(
        buffer, colorTag: .iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes))
    case .none: return try encoder.encode(buffer, colorTag: .none)
    case .brokenProfile:
      return try encoder.encode(buffer, colorTag: .iccProfile(name: "Broken", bytes: [UInt8](repeating: 7, count: 200)))
    case .adobeRGB:
      let bytes = try Data(
        contentsOf: TestData.projectRoot.appendingPathComponent("Tests/FuzzCorpus/icc/seeds/AdobeCompat-v4.icc"))
      return try encoder.encode(buffer, colorTag: .iccProfile(name: "Adobe RGB", bytes: [UInt8](bytes)))
    case .gamma(let gamma):
      return inserted(
        PNGBuilder.chunk("gAMA", PNGBuilder.bigEndian(gamma)), into: try encoder.encode(buffer, colorTag: .none))
    case .codingPoints(let primaries, let transfer, let matrix):
      return inserted(
        PNGBuilder.chunk("cICP", [primaries, transfer, matrix, 1]), into: try encoder.encode(buffer, colorTag: .none))
    }
  }

  /// `png` with `chunk` after its IHDR.
  private static func inserted(_ chunk: [UInt8], into png: [UInt8]) -> [UInt8] {
    Array(png[0..<33]) + chunk + Array(png[33...])
  }
}
