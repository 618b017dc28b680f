/// The per-pixel findings of a streaming analysis, kept for the whole image when its caller asks for a
/// `PixelClassification`.
///
/// Lost distinctions are recorded with the lattice level of their pair, since which level counts is known only
/// when the image is complete. The buffers are allocated once and freed with `deallocate()`; copies share them,
/// so that parallel tasks can mark disjoint pixels.
struct ClassificationRecord: @unchecked Sendable {
  /// Image width.
  let width: Int
  /// Image height.
  let height: Int
  /// Per pixel: `visible`, `outOfGamut` and `plateau`.
  private let flags: UnsafeMutableBufferPointer<PixelClassification.Flags>
  /// Per pixel: 1 + the highest lattice level of a lost pair that the pixel belongs to; 0 for none.
  private let lostLevels: UnsafeMutableBufferPointer<UInt8>

  /// Allocates a record for a `width` x `height` image with nothing found.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    flags = .allocate(capacity: width * height)
    flags.initialize(repeating: [])
    lostLevels = .allocate(capacity: width * height)
    lostLevels.initialize(repeating: 0)
  }

  /// Frees the buffers.
  func deallocate() {
    flags.deallocate()
    lostLevels.deallocate()
  }

  /// Records the flags of window row `row` (visible, out of gamut, in a row plateau).
  func record(row: Int, of window: StripWindow) {
    let start = window.imageRow(row) * width
    for x in 0..<width { flags[start + x] = window.flags[row * width + x] }
  }

  /// Marks the `length` pixels of column `x` from image row `first` down as a plateau.
  func markPlateau(column x: Int, from first: Int, length: Int) {
    for y in first..<(first + length) { flags[y * width + x].insert(.plateau) }
  }

  /// Marks the image pixel `pixel` as one end of a lost pair whose anchor is on lattice level `level`.
  func markLost(_ pixel: Int, level: Int) {
    lostLevels[pixel] = max(lostLevels[pixel], UInt8(level + 1))
  }

  /// The classification, with the pixels of lost pairs whose anchor level is at least `level`.
  func classification(lostFrom level: Int) -> PixelClassification {
    let flags = [PixelClassification.Flags](unsafeUninitializedCapacity: width * height) { buffer, count in
      for pixel in 0..<(width * height) {
        buffer[pixel] = self.flags[pixel]
        if Int(lostLevels[pixel]) > level { buffer[pixel].insert(.lostDistinction) }
      }
      count = width * height
    }
    return PixelClassification(width: width, height: height, flags: flags)
  }
}
