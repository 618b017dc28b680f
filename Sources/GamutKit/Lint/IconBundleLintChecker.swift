/// The Icon Composer checks (``IconBundleChecks``, docs/icon-composer.md) on each `Name.icon` bundle that lint
/// finds beside a catalog.
public struct IconBundleLintChecker: LintBundleChecker {
  public var bundleExtension: String { "icon" }

  public init() {}

  public func check(bundleAt path: String) -> [Diagnostic] {
    IconBundleChecks.check(bundlePath: path)
  }
}
