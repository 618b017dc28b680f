/// An image set as the report shows it, whoever made it: a build's manifest record (``init(record:)``) or a set of
/// a catalog gamut only read (`gamut lint --report`). Its renditions, the clipping checks a build made of its
/// sources, its findings, and whether a build failed it.
package struct ReportImageSet: Sendable, Equatable {
  /// One image file of the set.
  package struct Rendition: Sendable, Equatable {
    package var idiom: String
    /// `1x`, `2x`, `3x`, or `any` for a single-scale rendition.
    package var scale: String
    /// `any`, `light` or `dark`.
    package var appearance: String
    /// `normal` or `high`.
    package var contrast: String
    /// `sRGB`, `display-P3`, or `any`.
    package var gamut: String
    /// The file, relative to the folder the report's catalog paths start from.
    package var file: String
    /// What it was made from: the source (relative to the source folder) for a build, the file itself for lint.
    package var source: String
    /// The SHA-256 of the source the build read, when a build made it.
    package var sourceHash: String?

    package init(
      idiom: String, scale: String, appearance: String, contrast: String, gamut: String, file: String, source: String,
      sourceHash: String? = nil
    ) {
      self.idiom = idiom
      self.scale = scale
      self.appearance = appearance
      self.contrast = contrast
      self.gamut = gamut
      self.file = file
      self.source = source
      self.sourceHash = sourceHash
    }
  }

  package var name: String
  /// The group folders, joined with `/`; empty at the catalog root.
  package var group: String
  package var template: Bool
  /// Whether a build could not write it (nothing of it is in the catalog).
  package var failed: Bool
  package var renditions: [Rendition]
  /// The clipping check of each source, when a build made one.
  package var clipping: [AssetRecord.Clipping]
  package var diagnostics: [Diagnostic]

  package init(
    name: String, group: String, template: Bool, failed: Bool = false, renditions: [Rendition],
    clipping: [AssetRecord.Clipping] = [], diagnostics: [Diagnostic]
  ) {
    self.name = name
    self.group = group
    self.template = template
    self.failed = failed
    self.renditions = renditions
    self.clipping = clipping
    self.diagnostics = diagnostics
  }

  /// The set a build's manifest record describes.
  package init(record: AssetRecord) {
    self.init(
      name: record.name, group: record.group, template: record.template, failed: record.status == .failed,
      renditions: record.renditions.map {
        Rendition(
          idiom: $0.idiom, scale: $0.scale, appearance: $0.appearance, contrast: $0.contrast, gamut: $0.gamut,
          file: $0.file, source: $0.source, sourceHash: $0.sourceHash)
      }, clipping: record.clipping, diagnostics: record.diagnostics)
  }
}

/// The top of a report: its title, the line under it, and the counts of its summary. A build's report says how the
/// catalog was made and counts its assets and failures; lint's says what was read and counts what the terminal
/// counted.
package struct ReportHeading: Sendable, Equatable {
  package var title: String
  package var line: String
  /// Name and value, in order (`errors`, 3).
  package var counts: [Count]

  /// One figure of the summary.
  package struct Count: Sendable, Equatable {
    package var name: String
    package var value: Int

    package init(_ name: String, _ value: Int) {
      self.name = name
      self.value = value
    }
  }

  package init(title: String, line: String, counts: [Count]) {
    self.title = title
    self.line = line
    self.counts = counts
  }
}
