import Foundation

/// The one way gamut writes to the terminal: every line on standard output and standard error goes through a
/// printer, which keeps it from being read as a GitHub Actions workflow command unless gamut means it as one
/// (``WorkflowCommandGuard``). Each call is one write, so lines from several threads never interleave.
struct Printer: Sendable {
  /// Where a text goes.
  enum Stream: Sendable {
    /// Standard output: results (summaries, tables, JSON documents, workflow commands).
    case output
    /// Standard error: findings in text and progress, as compilers print them.
    case error
  }

  init() {}

  /// Writes `text` for people, with a newline after it; each of its lines is defused.
  func line(_ text: String, to stream: Stream = .output) {
    write(WorkflowCommandGuard.defused(text) + "\n", to: stream)
  }

  /// Writes `text` as it is, without adding a newline (a progress bar redrawn with `\r`); each of its lines is
  /// defused.
  func text(_ text: String, to stream: Stream) {
    write(WorkflowCommandGuard.defused(text), to: stream)
  }

  /// Writes a JSON document (JSON output, SARIF, a JSON log line), ending with a newline; `##[` inside a string is
  /// written as the JSON escape `##\u005B`, which reads back as the same text.
  func document(_ json: String, to stream: Stream = .output) {
    let text = WorkflowCommandGuard.defusedJSON(json)
    write(text.hasSuffix("\n") ? text : text + "\n", to: stream)
  }

  /// Writes a GitHub Actions workflow command gamut means (``GitHubAnnotation``) on standard output, as it is. A
  /// command is one line (``GitHubAnnotation`` escapes line breaks); were it not, it is written defused instead.
  func command(_ command: String) {
    guard !command.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return line(command) }
    write(command + "\n", to: .output)
  }

  private func write(_ text: String, to stream: Stream) {
    let handle = stream == .output ? FileHandle.standardOutput : FileHandle.standardError
    handle.write(Data(text.utf8))
  }
}
