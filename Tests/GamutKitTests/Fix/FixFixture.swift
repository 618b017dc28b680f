import Foundation
import Testing

@testable import GamutKit

extension LintFixture {
  /// Runs `gamut lint --fix` on the catalog: the safe set, or `codes` (as `--fix=` takes them), with `configuration`
  /// (a gamut.yml's text). The lint after the fix, which checks again only the sets the fix wrote, must find what a
  /// lint of the whole catalog finds.
  func fix(
    _ codes: String? = nil, configuration: String = "", dryRun: Bool = false, backup: String? = nil
  ) throws -> CatalogFixer.Run {
    var linter = Linter()
    if !configuration.isEmpty {
      let path = folder.path + "/gamut.yml"
      try Data(configuration.utf8).write(to: URL(fileURLWithPath: path))
      linter.configuration = try LintConfiguration(contentsOf: path)
    }
    var fixer = CatalogFixer(linter: linter, selection: try codes.map { try FixSelection(parsing: $0) } ?? .init())
    fixer.dryRun = dryRun
    fixer.backupFolder = backup
    let run = fixer.run([catalog])
    if !dryRun && run.refused.isEmpty {
      #expect(run.after.findings == linter.lint([catalog]).findings, "the lint after the fix reused a changed set")
    }
    return run
  }

  /// Fixes as ``fix(_:configuration:dryRun:backup:)`` does, then again, and checks that the second run changes
  /// nothing (no folder changed, every file's bytes the same): a fix is idempotent.
  func fixTwice(_ codes: String? = nil, configuration: String = "") throws -> CatalogFixer.Run {
    let first = try fix(codes, configuration: configuration)
    let fixed = TemporaryFolder.snapshot(catalog)
    let second = try fix(codes, configuration: configuration)
    #expect(second.report.changes.map(\.path) == [], "a second fix changed something")
    #expect(second.report.fixed.isEmpty)
    #expect(TemporaryFolder.snapshot(catalog) == fixed, "a second fix changed bytes")
    return first
  }

  /// The text of a file inside the catalog.
  func text(_ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: catalog + "/" + path) ?? Data(), as: UTF8.self)
  }

  /// The bytes of a file inside the catalog.
  func bytes(_ path: String) -> [UInt8] {
    [UInt8](FileManager.default.contents(atPath: catalog + "/" + path) ?? Data())
  }

  /// The names in a set folder, hidden ones too, sorted.
  func names(_ set: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: catalog + "/" + set)) ?? []).sorted()
  }

  /// The codes of a run's findings after the fix, with their files.
  func remaining(_ run: CatalogFixer.Run) -> [String] {
    codes(run.after)
  }

  /// A 64x8 Display P3 ramp from red to yellow, 16-bit with samples 8 bits do not hold (or 8-bit): its colors leave
  /// sRGB and clip (a clipping error in lint).
  func wideRamp(_ path: String, sixteen: Bool = true) throws {
    var samples: [UInt16] = []
    for _ in 0..<8 {
      for x in 0..<64 { samples += [65535, UInt16(x * 1040 + 3), 0] }
    }
    let pixels =
      sixteen
      ? PixelBuffer(width: 64, height: 8, layout: .rgb, samples: .sixteen(samples))
      : PixelBuffer(width: 64, height: 8, layout: .rgb, samples: .eight(samples.map { UInt8($0 >> 8) }))
    let tag = PNGEncoder.ColorTag.iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes)
    try write(try PNGEncoder(compressionLevel: 1).encode(pixels, colorTag: tag), at: path)
  }

  /// The decoded PNG at `path` inside the catalog.
  func decoded(_ path: String) throws -> PNGImage {
    try PNGDecoder().decode(contentsOf: catalog + "/" + path)
  }
}
