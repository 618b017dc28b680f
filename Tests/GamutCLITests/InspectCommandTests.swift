import Foundation
import Testing

@Suite(.tags(.process), .selectedByTags) struct InspectCommandTests {
  private let shared = GamutProcess.testData

  @Test func readableFilesExitZero() throws {
    let run = try GamutProcess.run(["inspect", shared.appendingPathComponent("wide-gamut/sharp/p3.png").path])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("color space:  Display P3 (decided by iCCP)"))
  }

  @Test func oneBadFileDoesNotStopTheOthersAndExitsOne() throws {
    let bad = shared.appendingPathComponent("pngsuite/xs1n0g01.png").path
    let good = shared.appendingPathComponent("libpng/png-3/cicp-display-p3_reencoded.png").path
    let run = try GamutProcess.run(["inspect", "--json", bad, good])
    #expect(run.status == 1)
    let array = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
    #expect(array?.count == 2)
    #expect((array?[0]["error"] as? String)?.isEmpty == false)
    let space = array?[1]["colorSpace"] as? [String: Any]
    #expect(space?["source"] as? String == "cICP")
    #expect(space?["name"] as? String == "Display P3")
  }

  @Test func usageErrorExits64() throws {
    #expect(try GamutProcess.run(["inspect"]).status == 64)
    #expect(try GamutProcess.run(["inspect", "--no-such-flag", "x.png"]).status == 64)
  }
}
