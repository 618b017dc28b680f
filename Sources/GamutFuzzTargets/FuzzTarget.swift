/// The fuzz targets: one per parser of untrusted input.
///
/// Each body takes arbitrary bytes and must return normally whatever they are: a thrown error is an answer, a trap,
/// a sanitizer report or a hang is a finding. The libFuzzer executable (`gamut-fuzz`, built only with
/// `GAMUT_FUZZ=1`) and the regression test under the normal build both call ``run(_:)``, so a corpus file replays
/// through the very same code in both.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// PNG decoding and the color-space decision (``PNGDecodeTarget``).
  case png
  /// ICC profile checks, inspection, identification and transform building (``ICCProfileTarget``).
  case icc
  /// Conversion to sRGB with the clipping analysis (``ClippingTarget``).
  case clipping
  /// The source file-name parser (``SourceNameTarget``).
  case name
  /// PDF and SVG sniffing, the XML checker and the symbol-template check (``VectorTarget``).
  case vector
  /// Color files, color values and the colorset writer (``ColorFileTarget``).
  case colors
  /// Design tokens files (``DesignTokensTarget``).
  case tokens
  /// A build state read back (``BuildStateTarget``).
  case state
  /// The JSON files others write: the lossless reader, then a catalog's `Contents.json` and Icon Composer's
  /// `icon.json` read from its tree (``JSONTarget``).
  case json
  /// `gamut.yml`: the YAML guard and every option's checks (``ConfigurationTarget``).
  case configuration
  /// The glob matcher against a reference (``PathGlobTarget``).
  case glob
  /// The output-path guard (``OutputPathTarget``).
  case outputPath
  /// JPEG headers of copied sources (``JPEGTarget``).
  case jpeg

  /// Runs this target's body on one input.
  public func run(_ bytes: [UInt8]) {
    switch self {
    case .png: PNGDecodeTarget.run(bytes)
    case .icc: ICCProfileTarget.run(bytes)
    case .clipping: ClippingTarget.run(bytes)
    case .name: SourceNameTarget.run(bytes)
    case .vector: VectorTarget.run(bytes)
    case .colors: ColorFileTarget.run(bytes)
    case .tokens: DesignTokensTarget.run(bytes)
    case .state: BuildStateTarget.run(bytes)
    case .json: JSONTarget.run(bytes)
    case .configuration: ConfigurationTarget.run(bytes)
    case .glob: PathGlobTarget.run(bytes)
    case .outputPath: OutputPathTarget.run(bytes)
    case .jpeg: JPEGTarget.run(bytes)
    }
  }
}
