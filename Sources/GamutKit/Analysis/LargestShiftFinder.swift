/// Finds the exact largest color shift (CIEDE2000 between source color and rendition) over every out-of-gamut
/// pixel, whatever the size of the image, for one thread.
///
/// A rendition is a function of its source color, so a source color measured once need not be measured again: a
/// small direct-mapped table remembers recent source keys (noise makes nearly every color new: after a row where fewer
/// than one pixel in eight was found in it, the next 16 rows go without it, as the conversion's table of recent colors
/// does; which pixels it skips changes only the work, never the result). The new colors of a row are bounded in batches, cheaply
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
  /// Rows still to measure without the table of seen colors.
  private var restingRows = 0

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
    let pixels = window.outOfGamutCounts[row]
    guard pixels > 0 else { return }
    var cursor = Cursor(
      words: window.outsideWords(row), count: window.wordsPerRow, start: row * window.width,
      bits: window.outsideWords(row)[0])
    let usesTable = restingRows == 0
    restingRows = max(restingRows - 1, 0)
    var found = 0
    while true {
      let (count, hits) = gather(&cursor, from: window, usingTable: usesTable)
      found += hits
      measureBatch(count)
      if count < Self.batch { break }
    }
    if usesTable && found * 8 < pixels { restingRows = 16 }
  }

  /// The out-of-gamut pixels of a row in order, from its words of bits.
  private struct Cursor {
    let words: UnsafeMutablePointer<UInt64>
    let count: Int
    let start: Int
    var bits: UInt64
    var word = 0

    init(words: UnsafeMutablePointer<UInt64>, count: Int, start: Int, bits: UInt64) {
      (self.words, self.count, self.start, self.bits) = (words, count, start, bits)
    }

    /// The window index of the next pixel, or nil after the last.
    @inline(__always)
    mutating func next() -> Int? {
      while bits == 0 {
        word += 1
        guard word < count else { return nil }
        bits = words[word]
      }
      let index = start + word << 6 + bits.trailingZeroBitCount
      bits &= bits &- 1
      return index
    }
  }

  /// Gathers the next colors of `cursor`'s row into the batch, up to a full batch, skipping those found in the table
  /// of seen colors when `usingTable`; returns how many it gathered and how many it found in the table.
  private mutating func gather(
    _ cursor: inout Cursor, from window: StripWindow, usingTable: Bool
  ) -> (count: Int, hits: Int) {
    seen.withUnsafeMutableBufferPointer { seen in
      sourceKeys.withUnsafeMutableBufferPointer { sources in
        outputKeys.withUnsafeMutableBufferPointer { outputs in
          var (count, hits) = (0, 0)
          while count < Self.batch, let index = cursor.next() {
            let key = window.sourceKeys[index]
            if usingTable {
              let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.bits))
              if seen[slot] == key {
                hits += 1
                continue
              }
              seen[slot] = key
            }
            sources[count] = key
            outputs[count] = window.outputKeys[index]
            count += 1
          }
          return (count, hits)
        }
      }
    }
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
