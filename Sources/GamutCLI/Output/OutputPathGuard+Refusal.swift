import ArgumentParser
import GamutKit

extension OutputPathGuard {
  /// Refuses to write `path` (when there is one), given with `option`, as `output` (``OutputPathGuard``): the
  /// problem is printed as `path: error: problem` and the command exits with ``GamutKit/ExitStatus/usage`` (64).
  func refuse(_ path: String?, option: String, writing output: Output) throws {
    guard let path, let problem = problem(path, option: option, writing: output) else { return }
    Printer().line(Diagnostic.text(path: QuotedValue.path(path), severity: .error, message: problem), to: .error)
    throw ExitCode(.usage)
  }
}
