import ArgumentParser
import GamutKit

extension ExitCode {
  /// The exit code of `status`: every status gamut exits with is an ``GamutKit/ExitStatus``.
  init(_ status: ExitStatus) {
    self.init(status.rawValue)
  }
}
