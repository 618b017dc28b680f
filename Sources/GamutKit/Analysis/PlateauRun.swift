/// A run of visible pixels with one output color, followed along a row (`step` 1) or a column (`step` the width)
/// while looking for clipping plateaus.
struct PlateauRun {
  /// The run's first pixel.
  var first = 0
  /// Pixels in the run; 0 while no visible pixel has started one.
  var length = 0
  /// The distance between neighbouring pixels of the run, in pixels.
  let step: Int
  /// Whether any pixel of the run was outside the destination gamut.
  var hasOutOfGamut = false

  /// An empty run along lines whose pixels are `step` apart.
  init(step: Int) {
    self.step = step
  }

  /// Takes the next `pixel` of the line: extends the run when the pixel is visible and has the run's output color
  /// (`keys`), and returns `nil`; otherwise returns the finished run and starts a new one at `pixel`.
  @inline(__always)
  mutating func advance(
    to pixel: Int, flags: PixelClassification.Flags, keys: UnsafeBufferPointer<UInt64>
  ) -> PlateauRun? {
    let isVisible = flags.contains(.visible)
    if length > 0 && isVisible && keys[pixel] == keys[first] {
      length += 1
      hasOutOfGamut = hasOutOfGamut || flags.contains(.outOfGamut)
      return nil
    }
    let finished = self
    first = pixel
    length = isVisible ? 1 : 0
    hasOutOfGamut = isVisible && flags.contains(.outOfGamut)
    return finished
  }
}
