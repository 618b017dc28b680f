/// What the clipping analysis found at each pixel, row-major, for the clipping map.
package struct PixelClassification: Sendable, Equatable {
  /// The findings at one pixel.
  package struct Flags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Alpha above the analysis threshold: the pixel takes part in the analysis.
    package static let visible = Flags(rawValue: 1)
    /// Outside the destination gamut before clipping.
    package static let outOfGamut = Flags(rawValue: 2)
    /// Part of a clipping plateau along its row or column.
    package static let plateau = Flags(rawValue: 4)
    /// One end of a pair of pixels whose visible difference was lost.
    package static let lostDistinction = Flags(rawValue: 8)
  }

  /// Width in pixels.
  package var width: Int
  /// Height in pixels.
  package var height: Int
  /// One entry per pixel, row-major.
  package var flags: [Flags]

  /// Creates a classification; `flags.count` must be `width * height`.
  package init(width: Int, height: Int, flags: [Flags]) {
    precondition(flags.count == width * height, "one entry per pixel")
    self.width = width
    self.height = height
    self.flags = flags
  }

  /// The findings at pixel (`x`, `y`).
  package subscript(x: Int, y: Int) -> Flags {
    flags[y * width + x]
  }
}
