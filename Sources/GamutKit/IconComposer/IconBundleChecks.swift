/// The checks of an Icon Composer bundle (docs/icon-composer.md lists them with their codes): what `icon.json`
/// holds (shapes, known values, colors, complete objects), its layer files (present, used, readable, the right
/// size and color space, simple SVG), what each appearance shows, and which Xcode can compile it.
///
/// Findings about `icon.json` point at `Name.icon/icon.json` and a line (``Diagnostic/line``); findings about a layer file at the file. A
/// malformed document is a finding, never a crash or a thrown error.
package enum IconBundleChecks {
  /// Reads the bundle at `bundlePath` and checks it.
  package static func check(bundlePath: String, limits: PNGLimits = .default) -> [Diagnostic] {
    check(IconBundle(path: bundlePath), limits: limits)
  }

  /// Checks a bundle already read.
  package static func check(_ bundle: IconBundle, limits: PNGLimits = .default) -> [Diagnostic] {
    guard let document = bundle.document else {
      let line = bundle.problem?.line ?? 0
      return bundle.findings + [
        Diagnostic(
          path: bundle.documentPath, severity: .error, code: .iconUnreadable,
          message: bundle.problem?.reason ?? "icon.json cannot be read", line: line > 0 ? line : nil)
      ]
    }
    var findings = IconFindings(bundle: bundle, document: document)
    checkStructure(&findings)
    checkValues(&findings)
    checkNumbers(&findings)
    checkColors(&findings)
    checkLayerFiles(&findings, limits: limits)
    checkAppearances(&findings)
    checkCompatibility(&findings)
    return bundle.findings + findings.all
  }

  private static func checkCompatibility(_ findings: inout IconFindings) {
    for reason in IconCompatibility(findings.document).reasons {
      let crash = reason.level == .crashesActool26
      findings.add(
        crash ? .iconCrashesActool : .iconNeedsXcode27, .warning, line: reason.line,
        "\(reason.keyPath): \(reason.what); "
          + (crash
            ? "Xcode 26's actool is known to crash on it: build with Xcode 27"
            : "Icon Composer 2 writes it and Xcode 26 does not compile it: build with Xcode 27"))
    }
  }
}

/// The findings of one bundle as they are made, each placed at a line of `icon.json` or at a layer file.
struct IconFindings {
  let bundle: IconBundle
  let document: IconDocument
  private(set) var all: [Diagnostic] = []

  /// The whole document.
  var json: JSONNode { document.json }

  /// A finding at `line` of `icon.json`.
  mutating func add(_ code: DiagnosticCode, _ severity: Diagnostic.Severity, line: Int, _ message: String) {
    all.append(Diagnostic(path: bundle.documentPath, severity: severity, code: code, message: message, line: line))
  }

  /// A finding at the line of `node`.
  mutating func add(_ code: DiagnosticCode, _ severity: Diagnostic.Severity, node: JSONNode, _ message: String) {
    add(code, severity, line: node.line, message)
  }

  /// A finding about the layer file `name` in `Assets/`.
  mutating func add(_ code: DiagnosticCode, _ severity: Diagnostic.Severity, asset name: String, _ message: String) {
    all.append(Diagnostic(path: bundle.assetPath(name), severity: severity, code: code, message: message))
  }

  /// Every element: the root, then each group followed by its layers.
  var elements: [IconElement] {
    [document.root] + document.groups.flatMap { [$0.element] + $0.layers }
  }
}

extension JSONNode {
  /// The value as compact JSON for a message, a long one shortened with its length (``QuotedValue``).
  var shown: String { QuotedValue.excerpt(compactText()) }
}
