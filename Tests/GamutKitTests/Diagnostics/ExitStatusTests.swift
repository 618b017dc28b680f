import Foundation
import Testing

@testable import GamutKit

@Suite struct ExitStatusTests {
  private func finding(_ severity: Diagnostic.Severity, _ code: DiagnosticCode) -> Diagnostic {
    Diagnostic(path: "A.png", severity: severity, code: code, message: "m")
  }

  @Test func failuresOutrankClippingWhichOutranksClean() {
    let clippingError = finding(.error, .clippingError)
    let failed = finding(.error, .unreadablePNG)
    #expect(ExitStatus(findings: [], strict: true) == .clean)
    #expect(ExitStatus(findings: [clippingError], strict: false) == .clipping)
    #expect(ExitStatus(findings: [clippingError, failed], strict: false) == .failure)
    #expect(ExitStatus(findings: [failed, clippingError], strict: false) == .failure)
  }

  @Test func strictCountsWarningsOfTheirKindAndNotesNever() {
    let clippingWarning = finding(.warning, .clippingWarning)
    let unpaired = finding(.warning, .unpairedDark)
    let clippingNote = finding(.note, .clippingError)
    #expect(ExitStatus(findings: [clippingWarning, unpaired, clippingNote], strict: false) == .clean)
    #expect(ExitStatus(findings: [clippingWarning], strict: true) == .clipping)
    #expect(ExitStatus(findings: [clippingWarning, unpaired], strict: true) == .failure)
    #expect(ExitStatus(findings: [clippingNote, finding(.note, .folderLink)], strict: true) == .clean)
  }

  @Test func aCodeIsItsStringInJSONAndALiteralIsACode() throws {
    let literal: DiagnosticCode = "clipping-warning"
    #expect(literal == .clipping(.warning))
    #expect(literal.isClipping && !DiagnosticCode.unpairedDark.isClipping)
    let json = String(decoding: try JSONEncoder().encode([finding(.warning, "new-code")]), as: UTF8.self)
    #expect(json.contains(#""code":"new-code""#))
    let decoded = try JSONDecoder().decode([Diagnostic].self, from: Data(json.utf8))
    #expect(decoded.first?.code == "new-code")
  }
}
