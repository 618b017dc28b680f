/// Finds the exact largest color shift (CIEDE2000 between source color and rendition) over every out-of-gamut
/// pixel, whatever the size of the image, for one thread.
///
/// A rendition is a function of its source color, so a source color measured once need not be measured again: a
/// small direct-mapped table remembers recent source keys. For a new color, CIELAB of both colors gives two bounds,
/// `ColorDifference.ciede2000UpperBound` and the tighter `ciede2000TightUpperBound`; only when both exceed the
/// largest shift known so far is the full formula evaluated. A pixel whose shift exceeds the running largest has a bound above it too, so the result is
/// the largest shift of all the pixels, not an estimate, and it does not depend on the order or the threads.
struct LargestShiftFinder {
  private static let bits = 12
  /// The source key in each slot; `UInt64.max`, which no color key reaches (keys use 48 bits), marks an empty slot.
  private var seen = [UInt64](repeating: .max, count: 1 << bits)
  private let source: ColorTable
  private var outputs: LabCache
  /// The largest shift measured by this finder, or the floor it was raised to, whichever is larger.
  private(set) var largest = 0.0

  /// A finder of shifts between `source`'s colors and `output`'s.
  init(source: ColorTable, output: ColorTable) {
    self.source = source
    outputs = LabCache(output)
  }

  /// Raises the running largest to `floor`, a shift measured elsewhere: pixels that cannot exceed it are skipped.
  mutating func raise(to floor: Double) {
    largest = Swift.max(largest, floor)
  }

  /// Measures the out-of-gamut pixels of window row `row`.
  mutating func measure(row: Int, of window: StripWindow) {
    guard window.outOfGamutCounts[row] > 0 else { return }
    let start = row * window.width
    for index in start..<(start + window.width) where window.flags[index].contains(.outOfGamut) {
      measure(source: window.sourceKeys[index], output: window.outputKeys[index])
    }
  }

  /// Measures one pixel's shift, from its source and output keys.
  @inline(__always)
  private mutating func measure(source key: UInt64, output: UInt64) {
    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.bits))
    if seen[slot] == key { return }
    seen[slot] = key
    let sourceLab = source.lab(key)
    let outputLab = outputs.lab(output)
    guard ColorDifference.ciede2000UpperBound(sourceLab, outputLab) > largest,
      ColorDifference.ciede2000TightUpperBound(sourceLab, outputLab) > largest
    else { return }
    largest = Swift.max(largest, ColorDifference.ciede2000(sourceLab, outputLab))
  }
}
