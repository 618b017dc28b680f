/// Why an entry is kept verbatim rather than expressed as sources: one of a short list of gaps in what gamut writes
/// (docs/import.md, "What is kept"), with the detail of this entry.
public struct KeepReason: Error, Sendable, Equatable, CustomStringConvertible {
  /// The gaps, each a documented line of docs/import.md.
  public enum Kind: String, Sendable, CaseIterable {
    /// A kind of catalog entry gamut does not make (`.iconset`, `.dataset`, `.complicationset`...).
    case entryKind = "kind"
    /// A key or value gamut does not write (`screen-width`, size classes, `localizable`, other properties, an
    /// `info` that is not Xcode's).
    case key
    /// A file gamut does not take as a source (HEIC, GIF, a `.png` that is another format...).
    case rendition
    /// `Contents.json` names a file that is not in the entry.
    case absentFile = "absent-file"
    /// A color gamut does not write (another color space, extended or more precise components).
    case color
    /// Slots gamut lays out otherwise (PNG beside vectors, two entries in one slot, unfilled slots other than
    /// Xcode's template).
    case layout
    /// A name gamut's source names read otherwise (`~`, `@`, a group with a dot, two names that fold to one).
    case name
    /// No readable `Contents.json`.
    case unreadable
    /// A file in the root or a group folder, outside any entry.
    case looseFile = "loose-file"
    /// Expressed as sources, but the check found the rebuild not equivalent.
    case rebuild

    /// What the gap is, for people.
    public var summary: String {
      switch self {
      case .entryKind: "a kind gamut does not make"
      case .key: "a key or value gamut does not write"
      case .rendition: "a file gamut does not take as a source"
      case .absentFile: "names a file that is absent"
      case .color: "a color gamut does not write"
      case .layout: "slots gamut lays out otherwise"
      case .name: "a name gamut's sources read otherwise"
      case .unreadable: "no readable Contents.json"
      case .looseFile: "a file outside any entry"
      case .rebuild: "the rebuild is not equivalent"
      }
    }
  }

  public var kind: Kind
  /// What in this entry falls into the gap.
  public var detail: String

  public init(_ kind: Kind, _ detail: String) {
    self.kind = kind
    self.detail = detail
  }

  /// `kind: detail`, as the table prints it.
  public var description: String { kind.rawValue + ": " + detail }
}
