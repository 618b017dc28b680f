extension DiagnosticCode {
  /// The clipping check's code for a verdict other than `ok`: ``clippingWarning`` or ``clippingError``.
  public static func clipping(_ verdict: ClippingReport.Verdict) -> DiagnosticCode {
    DiagnosticCode(rawValue: "clipping-\(verdict.rawValue)")
  }
}
