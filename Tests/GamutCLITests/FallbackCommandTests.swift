import Foundation
import Testing

/// `convert`, `check` and `inspect` all say when a color chunk was passed over (issue 15): a warning on standard
/// error, and a field in `--json`.
@Suite(.tags(.process), .selectedByTags) struct FallbackCommandTests {
  private let shared = GamutProcess.testData
  private let expected =
    "warning: iCCP chunk cannot be read (CRC error): ignored; converted as sRGB (no usable color chunk) instead"

  private var unreadable: String {
    shared.appendingPathComponent("wide-gamut/pillow/unknown_compression_method.png").path
  }

  @Test func convertWarnsOnStandardError() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    let run = try GamutProcess.run(["convert", unreadable, "--to", "srgb", "-o", folder + "/out.png"])
    #expect(run.status == 0)
    #expect(run.standardError == "\(unreadable): \(expected)\n")
    #expect(FileManager.default.fileExists(atPath: folder + "/out.png"))
  }

  @Test func checkWarnsAndReportsTheFallbackInJSON() throws {
    let run = try GamutProcess.run(["check", "--json", unreadable])
    #expect(run.status == 0)
    #expect(run.standardError.contains(expected))
    let array = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
    let warnings = array?.first?["colorSpaceWarnings"] as? [String]
    #expect(warnings?.count == 1 && expected.hasSuffix(warnings?.first ?? "-"))
    #expect(array?.first?["visiblyChangedFraction"] as? Double == 0)
  }

  @Test func inspectIsConvertibleWithTheWarning() throws {
    let run = try GamutProcess.run(["inspect", "--json", unreadable])
    #expect(run.status == 0)
    let array = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
    let space = array?.first?["colorSpace"] as? [String: Any]
    #expect(space?["convertible"] as? Bool == true)
    #expect((space?["warnings"] as? [String])?.count == 1)
  }

  /// A file without a fallback prints nothing on standard error.
  @Test func noFallbackNoWarning() throws {
    let run = try GamutProcess.run(["check", shared.appendingPathComponent("wide-gamut/sharp/p3.png").path])
    #expect(run.standardError.isEmpty)
    #expect(run.standardOutput.contains("change visibly (ΔE2000 > 1)"))
  }
}
