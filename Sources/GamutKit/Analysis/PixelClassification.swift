/// What the clipping analysis found at each pixel, row-major, for the clipping map.
public struct PixelClassification: Sendable, Equatable {
  /// The findings at one pixel.
  public struct Flags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Alpha above the analysis threshold: the pixel takes part in the analysis.
    public static let visible = Flags(rawValue: 1)
    /// Outside the destination gamut before clipping.
    public static let outOfGamut = Flags(rawValue: 2)
    /// Part of a clipping plateau along its row or column.
    public static let plateau = Flags(rawValue: 4)
    /// One end of a pair of pixels whose visible difference was lost.
    public static let lostDistinction = Flags(rawValue: 8)
  }

  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// One entry per pixel, row-major.
  public var flags: [Flags]

  /// Creates a classification; `flags.count` must be `width * height`.
  public init(width: Int, height: Int, flags: [Flags]) {
    precondition(flags.count == width * height, "one entry per pixel")
    self.width = width
    self.height = height
    self.flags = flags
  }

  /// The findings at pixel (`x`, `y`).
  public subscript(x: Int, y: Int) -> Flags {
    flags[y * width + x]
  }
}
