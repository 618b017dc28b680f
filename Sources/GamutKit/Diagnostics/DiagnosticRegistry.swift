/// Every code gamut emits, in one table: its default severity, what it means, the docs page that explains it, a
/// minimal input that triggers it, and whether `gamut lint --fix` can fix it. A test runs every trigger and checks
/// the code appears at its severity; another fails when the sources emit a code the table does not list; the codes
/// page (docs/codes.md) is generated from it (`DiagnosticRegistry.codesPage`) and a test keeps it current.
///
/// Severity has one meaning everywhere (docs/diagnostics.md): **error**, the build, the App Store submission or the
/// app at run time goes wrong; **warning**, users are likely to see a defect; **note**, worth knowing. A code's
/// default is the severity it is reported at where nothing else is said; a few depend on where they are found (the
/// row says so), and `lint: rules:` can change any.
///
/// A new code anywhere is a new row, in the extension of its domain (`DiagnosticRegistry+Lint.swift`...).
public enum DiagnosticRegistry {
  /// One row.
  public struct Entry: Sendable {
    public package(set) var code: DiagnosticCode
    public package(set) var severity: Diagnostic.Severity
    /// What it finds, in a sentence.
    public package(set) var meaning: String
    /// The docs page (and anchor) that explains it: `lint.md#codes`.
    public package(set) var page: String
    /// A minimal input that triggers it.
    package var trigger: DiagnosticTrigger
    /// Whether `gamut lint --fix` can fix it.
    public package(set) var fixable: Bool

    package init(
      _ code: DiagnosticCode, _ severity: Diagnostic.Severity, _ meaning: String, page: String,
      trigger: DiagnosticTrigger, fixable: Bool = false
    ) {
      self.code = code
      self.severity = severity
      self.meaning = meaning
      self.page = page
      self.trigger = trigger
      self.fixable = fixable
    }
  }

  /// Every row, by domain.
  public static let entries: [Entry] =
    sources + images + imageChecks + appIcons + colors + iconBundles + catalogReading + lint

  /// The row of `code`.
  public static func entry(_ code: DiagnosticCode) -> Entry? {
    entries.first { $0.code == code }
  }

  /// The registered code nearest to `text` (fewest edits), for a message about an unknown one.
  package static func closest(to text: String) -> DiagnosticCode? {
    entries.map(\.code).min { editDistance($0.rawValue, text) < editDistance($1.rawValue, text) }
  }

  /// The Levenshtein distance between two strings (insertions, deletions and substitutions of characters).
  static func editDistance(_ a: String, _ b: String) -> Int {
    let (a, b) = (Array(a), Array(b))
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + [Int](repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// A minimal input that makes gamut emit a code: files written into an empty folder, then one command run on it.
package struct DiagnosticTrigger: Sendable {
  /// The command that is run.
  package enum Runner: String, Sendable {
    /// `gamut build` of `src/` into `App.xcassets` (which may hold files already), with `gamut.yml` when given.
    case build
    /// `gamut lint` of `App.xcassets` (and the `.icon` bundles beside it), with `gamut.yml` when given.
    case lint
    /// `gamut inspect App.icon`: the checks of an Icon Composer bundle.
    case iconBundle
  }

  /// One file to write.
  package enum File: Sendable {
    case text(String)
    case png(PNGSketch)
    /// A small JPEG: made-up scan data, with or without its end marker, with an ICC profile that cannot be read when
    /// `brokenProfile`.
    case jpeg(width: Int, height: Int, ended: Bool, brokenProfile: Bool)
    /// A symbolic link to this target (relative to the link's folder).
    case link(String)
    /// A FIFO (a named pipe).
    case fifo
    /// An empty folder.
    case folder
  }

  package var runner: Runner
  /// Paths relative to the folder, in the order written.
  package var files: [(path: String, file: File)]
  /// For a code no file input can show (a file changed while it was read): the test that shows it instead.
  package var shownBy: String?

  package init(_ runner: Runner, _ files: [(String, File)]) {
    self.runner = runner
    self.files = files.map { (path: $0.0, file: $0.1) }
  }

  /// A code shown by a test rather than by files.
  package static func shown(by test: String) -> DiagnosticTrigger {
    var trigger = DiagnosticTrigger(.build, [])
    trigger.shownBy = test
    return trigger
  }
}

/// A small PNG described in words: its size, one pixel's samples repeated (or a ramp from red to yellow), the color
/// chunk, 8 or 16 bits.
package struct PNGSketch: Sendable {
  /// The color information.
  package enum Tag: Sendable {
    case sRGB
    case displayP3
    case none
    /// A gAMA chunk, in 100,000ths.
    case gamma(UInt32)
    /// An iCCP chunk whose profile is not a profile.
    case brokenProfile
    /// The Adobe RGB (1998) compatible profile of `Tests/FuzzCorpus/icc/seeds`.
    case adobeRGB
    /// A cICP chunk: primaries, transfer, matrix coefficients.
    case codingPoints(UInt8, UInt8, UInt8)
  }

  package var width: Int
  package var height: Int
  /// One pixel's samples: 1 (gray), 2 (gray and alpha), 3 (RGB) or 4 (RGBA).
  package var pixel: [UInt8]
  /// A ramp from red (left) to yellow (right) instead of `pixel`: wide colors that clip.
  package var ramp: Bool
  package var tag: Tag
  package var sixteen: Bool

  package init(
    _ width: Int, _ height: Int, _ pixel: [UInt8] = [40, 90, 160], tag: Tag = .sRGB, ramp: Bool = false,
    sixteen: Bool = false
  ) {
    self.width = width
    self.height = height
    self.pixel = pixel
    self.ramp = ramp
    self.tag = tag
    self.sixteen = sixteen
  }
}
