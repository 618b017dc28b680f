/// Finds the exact largest color shift (CIEDE2000 between source color and rendition) over every out-of-gamut
/// pixel, whatever the size of the image, for one thread.
///
/// A rendition is a function of its source color, so a source color measured once need not be measured again: a
/// small direct-mapped table remembers recent source keys. A new color is first bounded, cheaply: its CIELAB with a
/// cube root of gamut's own (`CIELab.near(xyz:)`, within 10^-9 of the exact value) against the rendition's exact
/// CIELAB, through the plain bound `ColorDifference.ciede2000UpperBound` and then the close one
/// `ColorDifference.ciede2000CloseUpperBound`, each plus a margin of 10^-3 that covers the 10^-9 many times over
/// (both bounds are Lipschitz in the colors where they are used). Only a pixel whose bounds both exceed the largest
/// shift so far gets its exact CIELAB and the full formula, as every pixel did before the bounds: a pixel whose
/// shift exceeds the running largest has bounds above it too, so the result is the largest shift of all the
/// pixels, computed by the same code, not an estimate, and it does not depend on the order or the threads.
struct LargestShiftFinder {
  private static let bits = 12
  /// What the bounds, computed from a source color within 10^-9 of the exact one, add for safety.
  static let margin = 1e-3
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
    let outputLab = outputs.lab(output)
    let nearLab = source.nearLab(key)
    let floor = largest - Self.margin
    guard ColorDifference.ciede2000UpperBound(nearLab, outputLab) > floor,
      ColorDifference.ciede2000CloseUpperBound(nearLab, outputLab) > floor
    else { return }
    largest = Swift.max(largest, ColorDifference.ciede2000(source.lab(key), outputLab))
  }
}
