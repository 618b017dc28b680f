/// The exit status of a `gamut` command, and the one place that decides it from the findings of a run.
///
/// Precedence, highest first (the first rule that matches decides; notes never count):
/// 1. ``failure`` (1): an error that is not a clipping verdict, or, with `strict`, such a warning;
/// 2. ``clipping`` (2): a clipping error (the gamut policy keeps an sRGB rendition that clips), or, with `strict`, a
///    clipping warning;
/// 3. ``clean`` (0).
///
/// So a run with both a failed asset and a clipping error exits 1: something is missing from the catalog, which
/// matters more than how a written rendition looks. ``usage`` (64) is decided before there are any findings.
public enum ExitStatus: Int32, Sendable {
  case clean = 0
  case failure = 1
  case clipping = 2
  /// A bad flag, a missing source folder or an invalid configuration.
  case usage = 64

  /// The status the findings imply; `strict` makes warnings count as errors of their kind.
  public init(findings: some Sequence<Diagnostic>, strict: Bool) {
    var status = ExitStatus.clean
    for finding in findings {
      let counts = finding.severity == .error || (strict && finding.severity == .warning)
      guard counts else { continue }
      if !finding.code.isClipping {
        self = .failure
        return
      }
      status = .clipping
    }
    self = status
  }
}
