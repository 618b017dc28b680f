/// The result of a build: the manifest, how much was redone, how long it took, and the exit status it implies.
public struct BuildReport: Sendable {
  public var manifest: CatalogManifest
  /// Assets decoded and written this time (the others were reused).
  public var rebuiltAssets: Int
  public var duration: Duration
  /// The HTML report written after the build, when one was asked for.
  public var report: ReportWriter.Outcome? = nil

  /// The documented exit status the findings imply (see ``ExitStatus`` for the rule).
  public func exitStatus(strict: Bool) -> Int32 {
    ExitStatus(findings: manifest.allDiagnostics, strict: strict).rawValue
  }
}
