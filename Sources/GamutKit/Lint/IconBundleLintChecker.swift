/// The Icon Composer checks (``IconBundleChecks``, docs/icon-composer.md) on each `Name.icon` bundle that lint
/// finds beside a catalog.
package struct IconBundleLintChecker: LintBundleChecker {
  package var bundleExtension: String { "icon" }

  package init() {}

  package func check(bundleAt path: String) -> [Diagnostic] {
    IconBundleChecks.check(bundlePath: path)
  }
}
