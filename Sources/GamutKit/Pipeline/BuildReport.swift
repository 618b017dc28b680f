/// The result of a build: the manifest, how much was redone, how long it took, and the exit status it implies.
public struct BuildReport: Sendable {
  public var manifest: CatalogManifest
  /// Assets decoded and written this time (the others were reused).
  public var rebuiltAssets: Int
  public var duration: Duration

  /// The documented exit status: 1 when anything failed (or, with `strict`, any warning other than clipping),
  /// else 2 when clipping errors (or colors outside sRGB) remain under the gamut policy (or, with `strict`, clipping
  /// warnings), else 0.
  public func exitStatus(strict: Bool) -> Int32 {
    let findings = manifest.allDiagnostics
    func isClipping(_ finding: Diagnostic) -> Bool {
      finding.code.hasPrefix("clipping-") || finding.code == "color-outside-srgb"
    }
    if findings.contains(where: { $0.severity == .error && !isClipping($0) }) { return 1 }
    if strict && findings.contains(where: { $0.severity == .warning && !isClipping($0) }) { return 1 }
    if findings.contains(where: { $0.severity == .error && isClipping($0) }) { return 2 }
    if strict && findings.contains(where: { $0.severity == .warning && isClipping($0) }) { return 2 }
    return 0
  }
}
