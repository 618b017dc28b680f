/// An app icon as the report shows it: its any, dark and tinted appearances.
///
/// The shape is the one the report expects app icons to have in `gamut-manifest.json` (key `appIcons`); see
/// docs/report.md. Unknown keys are ignored.
public struct AppIconEntry: Codable, Sendable, Equatable {
  /// One image of the icon set.
  public struct Image: Codable, Sendable, Equatable {
    /// `any`, `dark` or `tinted`.
    public var appearance: String
    /// The file, relative to the catalog folder.
    public var file: String
    /// For example `ios`, `macos`.
    public var platform: String?
    /// For example `1024x1024`.
    public var size: String?

    public init(appearance: String, file: String, platform: String? = nil, size: String? = nil) {
      self.appearance = appearance
      self.file = file
      self.platform = platform
      self.size = size
    }
  }

  public var name: String
  public var group: String
  public var images: [Image]
  public var diagnostics: [Diagnostic]

  public init(name: String, group: String, images: [Image], diagnostics: [Diagnostic] = []) {
    self.name = name
    self.group = group
    self.images = images
    self.diagnostics = diagnostics
  }
}
