/// Finds the exact largest color shift (CIEDE2000 between source color and rendition) over every out-of-gamut
/// pixel, whatever the size of the image, for one thread.
///
/// A rendition is a function of its source color, so a source color measured once need not be measured again: a
/// small direct-mapped table remembers recent source keys. The new colors of a row are bounded in batches, cheaply
/// and several at a time (`ColorTable.differenceBounds`: CIELAB with a cube root of gamut's own, within 10^-9 of the exact
/// values, a quick bound, and for the colors whose quick bound does not already rule them out, the close bound
/// `ColorDifference.ciede2000CloseUpperBound`, both without trigonometry), and a margin of 10^-3 added, which covers the 10^-9 many times over (the bound is Lipschitz in the colors where it is used; tested
/// on colors moved by ten times that error). Only a pixel whose bound exceeds the largest shift so far gets its exact
/// CIELAB and the full formula, as every pixel did before the bounds: a pixel whose shift exceeds the running largest
/// has a bound above it too, so the result is the largest shift of all the pixels, computed by the same code, not an
/// estimate, and it does not depend on the order or the threads.
struct LargestShiftFinder {
  private static let bits = 12
  /// Colors bounded per call.
  private static let batch = 256
  /// What a bound, computed from colors within 10^-9 of the exact ones, gets added for safety.
  static let margin = 1e-3
  /// The source key in each slot; `UInt64.max`, which no color key reaches (keys use 48 bits), marks an empty slot.
  private var seen = [UInt64](repeating: .max, count: 1 << bits)
  private let source: ColorTable
  private let output: ColorTable
  /// The batch being gathered: source and output keys, and their bounds once computed.
  private var sourceKeys = [UInt64](repeating: 0, count: batch)
  private var outputKeys = [UInt64](repeating: 0, count: batch)
  private var bounds = [Double](repeating: 0, count: batch)
  /// The largest shift measured by this finder, or the floor it was raised to, whichever is larger.
  private(set) var largest = 0.0

  /// A finder of shifts between `source`'s colors and `output`'s.
  init(source: ColorTable, output: ColorTable) {
    self.source = source
    self.output = output
  }

  /// Raises the running largest to `floor`, a shift measured elsewhere: pixels that cannot exceed it are skipped.
  mutating func raise(to floor: Double) {
    largest = Swift.max(largest, floor)
  }

  /// Measures the out-of-gamut pixels of window row `row`, found a word of its out-of-gamut bits at a time.
  mutating func measure(row: Int, of window: StripWindow) {
    guard window.outOfGamutCounts[row] > 0 else { return }
    let start = row * window.width
    let words = window.outsideWords(row)
    var count = 0
    for word in 0..<window.wordsPerRow {
      var bits = words[word]
      while bits != 0 {
        let index = start + word << 6 + bits.trailingZeroBitCount
        bits &= bits &- 1
        let key = window.sourceKeys[index]
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.bits))
        if seen[slot] == key { continue }
        seen[slot] = key
        sourceKeys[count] = key
        outputKeys[count] = window.outputKeys[index]
        count += 1
        if count == Self.batch {
          measureBatch(count)
          count = 0
        }
      }
    }
    measureBatch(count)
  }

  /// Bounds the first `count` colors of the batch and measures those whose bound exceeds the largest so far.
  private mutating func measureBatch(_ count: Int) {
    guard count > 0 else { return }
    let (source, output) = (self.source, self.output)
    sourceKeys.withUnsafeBufferPointer { sources in
      outputKeys.withUnsafeBufferPointer { outputs in
        bounds.withUnsafeMutableBufferPointer { bounds in
          ColorTable.differenceBounds(
            first: source, second: output, firstKeys: sources.baseAddress!, secondKeys: outputs.baseAddress!,
            count: count, floor: largest - Self.margin, into: bounds.baseAddress!)
        }
      }
    }
    for index in 0..<count where bounds[index] + Self.margin > largest {
      let shift = ColorDifference.ciede2000(source.lab(sourceKeys[index]), output.lab(outputKeys[index]))
      largest = Swift.max(largest, shift)
    }
  }
}
