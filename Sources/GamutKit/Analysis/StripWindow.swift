/// The rows the streaming clipping analysis works on: the last rows of earlier strips (the context that pairs and
/// runs reach back into) followed by the rows being analysed, each pixel as packed source and output keys (see
/// `ColorTable`) and flags (`visible`, `outOfGamut`, and `plateau` for a pixel in a row plateau).
///
/// Row-major, `width` pixels a row; window row 0 is image row `top`. The buffers are allocated once for
/// `capacity` rows and freed with `deallocate()`; copies share them, so that bands of rows can fill and read
/// disjoint rows in parallel.
struct StripWindow: @unchecked Sendable {
  /// Pixels per row.
  let width: Int
  /// Rows the buffers hold.
  let capacity: Int
  /// The image row of window row 0.
  private(set) var top = 0
  /// Rows in use.
  private(set) var rows = 0
  /// Per pixel, the source color's key.
  let sourceKeys: UnsafeMutableBufferPointer<UInt64>
  /// Per pixel, the output color's key.
  let outputKeys: UnsafeMutableBufferPointer<UInt64>
  /// Per pixel, what is known about it.
  let flags: UnsafeMutableBufferPointer<PixelClassification.Flags>
  /// Per row, the number of visible pixels.
  let visibleCounts: UnsafeMutableBufferPointer<Int>
  /// Per row, the number of visible out-of-gamut pixels.
  let outOfGamutCounts: UnsafeMutableBufferPointer<Int>
  /// Per row, `wordsPerRow` words whose bit `x % 64` of word `x / 64` says whether pixel `x` is visible (bits past
  /// the width are 0): pairs of visible pixels are counted a word at a time.
  let visibleBits: UnsafeMutableBufferPointer<UInt64>
  /// Words of `visibleBits` per row.
  let wordsPerRow: Int

  /// Allocates a window of `capacity` rows of `width` pixels.
  init(width: Int, capacity: Int) {
    self.width = width
    self.capacity = capacity
    sourceKeys = .allocate(capacity: width * capacity)
    outputKeys = .allocate(capacity: width * capacity)
    flags = .allocate(capacity: width * capacity)
    visibleCounts = .allocate(capacity: capacity)
    outOfGamutCounts = .allocate(capacity: capacity)
    wordsPerRow = (width + 63) / 64
    visibleBits = .allocate(capacity: wordsPerRow * capacity)
  }

  /// Frees the buffers.
  func deallocate() {
    sourceKeys.deallocate()
    outputKeys.deallocate()
    flags.deallocate()
    visibleCounts.deallocate()
    outOfGamutCounts.deallocate()
    visibleBits.deallocate()
  }

  /// Keeps the last `context` rows in use, moved to the front, and makes room for `count` new rows after them;
  /// returns the window row of the first new row.
  mutating func advance(keeping context: Int, adding count: Int) -> Int {
    precondition(context <= rows && context + count <= capacity, "the window is too small")
    let from = (rows - context) * width
    if from > 0 {
      sourceKeys.baseAddress!.update(from: sourceKeys.baseAddress! + from, count: context * width)
      outputKeys.baseAddress!.update(from: outputKeys.baseAddress! + from, count: context * width)
      flags.baseAddress!.update(from: flags.baseAddress! + from, count: context * width)
      visibleCounts.baseAddress!.update(from: visibleCounts.baseAddress! + rows - context, count: context)
      outOfGamutCounts.baseAddress!.update(from: outOfGamutCounts.baseAddress! + rows - context, count: context)
      visibleBits.baseAddress!.update(
        from: visibleBits.baseAddress! + (rows - context) * wordsPerRow, count: context * wordsPerRow)
    }
    top += rows - context
    rows = context + count
    return context
  }

  /// Fills window row `row` from row `stripRow` of `strip`: keys, and flags `visible` (alpha above
  /// `alphaThreshold`) and `outOfGamut` (visible and marked in the strip's mask), with the row's counts and
  /// visibility bits.
  func classify(
    _ strip: TransformResult, row stripRow: Int, into row: Int, source: ColorTable, output: ColorTable,
    alphaThreshold: Double
  ) {
    let start = row * width
    let pixel = stripRow * width
    switch strip.image.samples {
    case .eight(let samples):
      samples.withUnsafeBufferPointer {
        output.keys($0, from: pixel, count: width, into: outputKeys.baseAddress! + start)
      }
    case .sixteen(let samples):
      samples.withUnsafeBufferPointer {
        output.keys($0, from: pixel, count: width, into: outputKeys.baseAddress! + start)
      }
    }
    let counts: (visible: Int, outOfGamut: Int)
    switch strip.source.samples {
    case .eight(let samples):
      counts = samples.withUnsafeBufferPointer {
        markVisible($0, strip.outOfGamut, from: pixel, into: start, table: source, alphaThreshold: alphaThreshold)
      }
    case .sixteen(let samples):
      counts = samples.withUnsafeBufferPointer {
        markVisible($0, strip.outOfGamut, from: pixel, into: start, table: source, alphaThreshold: alphaThreshold)
      }
    }
    visibleCounts[row] = counts.visible
    outOfGamutCounts[row] = counts.outOfGamut
  }

  /// Writes the source keys and the flags of one row, the first pixel `pixel` of the strip, the first entry
  /// `start` of the window; returns the row's counts.
  @inline(__always)
  private func markVisible<Sample: FixedWidthInteger>(
    _ samples: UnsafeBufferPointer<Sample>, _ outOfGamut: [Bool], from pixel: Int, into start: Int,
    table: ColorTable, alphaThreshold: Double
  ) -> (visible: Int, outOfGamut: Int) {
    table.keys(samples, from: pixel, count: width, into: sourceKeys.baseAddress! + start)
    let inside: PixelClassification.Flags = .visible
    let outside: PixelClassification.Flags = [.visible, .outOfGamut]
    var visible = 0
    var outsideCount = 0
    let bits = visibleBits.baseAddress! + (start / width) * wordsPerRow
    bits.update(repeating: 0, count: wordsPerRow)
    outOfGamut.withUnsafeBufferPointer { mask in
      if table.channels == table.colorChannels {
        let allVisible = 1 > alphaThreshold
        for offset in 0..<width {
          let isOutside = allVisible && mask[pixel + offset]
          flags[start + offset] = allVisible ? (isOutside ? outside : inside) : []
          outsideCount &+= isOutside ? 1 : 0
        }
        visible = allVisible ? width : 0
        if allVisible {
          for word in 0..<wordsPerRow { bits[word] = word == wordsPerRow - 1 ? Self.lowBits(width - 64 * word) : ~0 }
        }
        return
      }
      // Alpha above the threshold, as a code: `code / maxCode > alphaThreshold`.
      let scale = 1 / Double(table.maxCode)
      var index = pixel * table.channels + table.colorChannels
      for offset in 0..<width {
        let isVisible = Double(samples[index]) * scale > alphaThreshold
        let isOutside = isVisible && mask[pixel + offset]
        flags[start + offset] = isVisible ? (isOutside ? outside : inside) : []
        bits[offset >> 6] |= (isVisible ? 1 : 0) << UInt64(offset & 63)
        visible &+= isVisible ? 1 : 0
        outsideCount &+= isOutside ? 1 : 0
        index += table.channels
      }
    }
    return (visible, outsideCount)
  }

  /// A word with its lowest `count` bits set (all 64 for 64 or more).
  @inline(__always)
  static func lowBits(_ count: Int) -> UInt64 { count >= 64 ? ~0 : (1 << UInt64(count)) - 1 }

  /// The visibility words of window row `row`.
  @inline(__always)
  func visibleWords(_ row: Int) -> UnsafeMutablePointer<UInt64> { visibleBits.baseAddress! + row * wordsPerRow }

  /// The image row of window row `row`.
  @inline(__always)
  func imageRow(_ row: Int) -> Int { top + row }

  /// The image pixel index of window pixel index `index`.
  @inline(__always)
  func imagePixel(_ index: Int) -> Int { top * width + index }
}
