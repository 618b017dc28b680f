/// What a PNG's IHDR chunk says about the stored image, before any expansion.
public struct PNGHeader: Sendable, Equatable {
  /// PNG color types, as stored in IHDR.
  public enum ColorType: Int, Sendable, Codable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    /// The name used in reports: `gray`, `rgb`, `palette`, `gray+alpha`, `rgba`.
    public var name: String {
      switch self {
      case .gray: "gray"
      case .rgb: "rgb"
      case .palette: "palette"
      case .grayAlpha: "gray+alpha"
      case .rgba: "rgba"
      }
    }
  }

  public var width: Int
  public var height: Int
  /// Bits per sample as stored (1, 2, 4, 8 or 16).
  public var bitDepth: Int
  public var colorType: ColorType
  /// Whether rows are stored Adam7-interlaced.
  public var interlaced: Bool
  /// Whether a tRNS chunk gives transparency to a gray, RGB or palette image.
  public var hasTransparencyChunk: Bool

  public init(
    width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool, hasTransparencyChunk: Bool
  ) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.interlaced = interlaced
    self.hasTransparencyChunk = hasTransparencyChunk
  }

  /// Whether the image has alpha: an alpha channel or a tRNS chunk.
  public var hasAlpha: Bool {
    colorType == .grayAlpha || colorType == .rgba || hasTransparencyChunk
  }
}
