/// What two assets of one catalog (and one namespace) with the same name mean, by their kinds: the one rule `gamut
/// lint` reports and `gamut build` follows. The evidence, in docs/lint.md ("Same names"):
///
/// - Apple's Asset Catalog Format Reference (archived) asks for names unique across every catalog of a target and
///   every asset type, and calls an image set and an app icon set of one name an error.
/// - Xcode's `actool` does not refuse two image sets of one name: it warns ("The image set name "X" is used by
///   multiple image sets.", from a published build log) and compiles one of them, so the other cannot be loaded.
/// - Image sets named like app icon sets ship in released App Store apps (an image per alternate icon, shown in an
///   icon picker): an app icon set is found by the build setting and `setAlternateIconName`, an image by
///   `UIImage(named:)`, so neither hides the other.
/// - Colors and images are looked up apart (`UIColor(named:)`, `UIImage(named:)`), and Xcode's generated asset
///   symbols keep them in separate types (`ColorResource`, `ImageResource`); no published message of `actool` about a
///   color and an image of one name was found.
///
/// So: assets looked up the same way (images and symbol images; colors; app icons) hide one another: a warning, or a
/// note when the names differ only in case (whether a lookup folds case is not documented). A color and an image or
/// symbol: a note (the reference's rule, which `actool` is not known to enforce). An app icon and any other kind:
/// nothing.
package enum AssetNameRule {
  /// How a kind of asset is looked up at run time.
  package enum Lookup: Sendable, Equatable {
    /// `UIImage(named:)` / `NSImage(named:)`: image sets and symbol sets.
    case image
    /// `UIColor(named:)` / `NSColor(named:)`: color sets.
    case color
    /// The app icon build setting and `setAlternateIconName`: app icon sets.
    case appIcon

    /// The lookup of a set of `kind`.
    package init(_ kind: CatalogSet.Kind) {
      switch kind {
      case .imageSet, .symbolSet: self = .image
      case .colorSet: self = .color
      case .appIconSet: self = .appIcon
      }
    }

    /// The kind in words, for messages.
    var noun: String {
      switch self {
      case .image: "image"
      case .color: "color"
      case .appIcon: "app icon"
      }
    }
  }

  /// The severity of two assets of one namespace named `name` and `other` (equal, or equal but for case), looked up
  /// as `lookup` and `otherLookup`; nil when it is not a finding.
  package static func severity(
    _ lookup: Lookup, _ otherLookup: Lookup, sameBytes: Bool
  ) -> Diagnostic.Severity? {
    if lookup == otherLookup { return sameBytes ? .warning : .note }
    if lookup == .appIcon || otherLookup == .appIcon { return nil }
    return .note
  }

  /// What the pair means, for the message.
  package static func consequence(_ lookup: Lookup, _ otherLookup: Lookup, sameBytes: Bool) -> String {
    if lookup == otherLookup {
      return sameBytes
        ? "Xcode compiles one of them (actool warns \"is used by multiple\") and the other cannot be loaded"
        : "the names differ only in case; if a lookup folds case, one hides the other"
    }
    return "a \(lookup.noun) and \(otherLookup == .image ? "an" : "a") \(otherLookup.noun) are looked up apart, so "
      + "both load, but Apple's format reference asks for names unique across asset types"
  }
}

extension DiagnosticCode {
  /// Warning or note (`AssetNameRule`): two assets of one catalog and namespace with one name, judged by their
  /// kinds; `gamut build` gives the note for a color named like an image or symbol set.
  public static let duplicateAssetName: DiagnosticCode = "duplicate-asset-name"
}
