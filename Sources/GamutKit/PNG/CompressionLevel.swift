/// The deflate level of written PNGs: its default and the levels accepted, in one place for the encoder, the
/// build options, the configuration file and the command line.
public enum CompressionLevel {
  /// The level used unless one is given: zlib's own default.
  public static let `default` = 6
  /// The levels accepted: zlib's, from 0 (stored, no compression) to 9 (smallest, slowest).
  public static let range: ClosedRange<Int> = 0...9
}
