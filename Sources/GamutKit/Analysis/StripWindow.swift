internal import GamutColorC

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
  /// Per row, `wordsPerRow` words whose bits say, as `visibleBits`, whether pixel `x` is visible and out of gamut:
  /// scans for the out-of-gamut pixels skip the others a word at a time.
  let outsideBits: UnsafeMutableBufferPointer<UInt64>
  /// Words of `visibleBits` and of `outsideBits` per row.
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
    outsideBits = .allocate(capacity: wordsPerRow * capacity)
  }

  /// Frees the buffers.
  func deallocate() {
    sourceKeys.deallocate()
    outputKeys.deallocate()
    flags.deallocate()
    visibleCounts.deallocate()
    outOfGamutCounts.deallocate()
    visibleBits.deallocate()
    outsideBits.deallocate()
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
      for bits in [visibleBits, outsideBits] {
        bits.baseAddress!.update(from: bits.baseAddress! + (rows - context) * wordsPerRow, count: context * wordsPerRow)
      }
    }
    top += rows - context
    rows = context + count
    return context
  }

  /// Fills window row `row` from row `stripRow` of `strip`: keys, and flags `visible` (alpha above
  /// `alphaThreshold`) and `outOfGamut` (visible and marked in the strip's mask), with the row's counts and
  /// visibility and out-of-gamut bits (in C, `gamut_pixel_keys` and `gamut_classify_flags`, several pixels at a time).
  func classify(
    _ strip: TransformResult, row stripRow: Int, into row: Int, source: ColorTable, output: ColorTable,
    alphaThreshold: Double
  ) {
    let start = row * width
    let pixel = stripRow * width
    output.keys(strip.image.samples, from: pixel, count: width, into: outputKeys.baseAddress! + start)
    source.keys(strip.source.samples, from: pixel, count: width, into: sourceKeys.baseAddress! + start)
    let visibleCode = source.visibleCode(above: alphaThreshold)
    let rowFlags = UnsafeMutableRawPointer(flags.baseAddress! + start)
    var visible = 0
    let outside = strip.outOfGamut.withUnsafeBufferPointer { mask in
      let classify = { (samples: UnsafeRawPointer, sixteen: Int32) in
        gamut_classify_flags(
          samples, sixteen, source.channels, visibleCode, mask.baseAddress! + pixel, width,
          PixelClassification.Flags.visible.rawValue, PixelClassification.Flags.outOfGamut.rawValue, rowFlags,
          visibleWords(row), outsideWords(row), &visible)
      }
      return switch strip.source.samples {
      case .eight(let samples):
        samples.withUnsafeBufferPointer { classify($0.baseAddress! + pixel * source.channels, 0) }
      case .sixteen(let samples):
        samples.withUnsafeBufferPointer { classify($0.baseAddress! + pixel * source.channels, 1) }
      }
    }
    visibleCounts[row] = visible
    outOfGamutCounts[row] = outside
  }

  /// How many pixels of `strip` `classify` flags out of gamut (visible, with alpha above `alphaThreshold`, and
  /// marked in the strip's mask), counted in C (`gamut_count_outside`) without classifying them.
  static func outsideCount(of strip: TransformResult, source: ColorTable, alphaThreshold: Double) -> Int {
    let visibleCode = source.visibleCode(above: alphaThreshold)
    let count = strip.source.width * strip.source.height
    return strip.outOfGamut.withUnsafeBufferPointer { mask in
      switch strip.source.samples {
      case .eight(let samples):
        samples.withUnsafeBufferPointer {
          gamut_count_outside($0.baseAddress!, 0, source.channels, visibleCode, mask.baseAddress!, count)
        }
      case .sixteen(let samples):
        samples.withUnsafeBufferPointer {
          gamut_count_outside($0.baseAddress!, 1, source.channels, visibleCode, mask.baseAddress!, count)
        }
      }
    }
  }

  /// The visibility words of window row `row`.
  @inline(__always)
  func visibleWords(_ row: Int) -> UnsafeMutablePointer<UInt64> { visibleBits.baseAddress! + row * wordsPerRow }

  /// The out-of-gamut words of window row `row`.
  @inline(__always)
  func outsideWords(_ row: Int) -> UnsafeMutablePointer<UInt64> { outsideBits.baseAddress! + row * wordsPerRow }

  /// The image row of window row `row`.
  @inline(__always)
  func imageRow(_ row: Int) -> Int { top + row }

  /// The image pixel index of window pixel index `index`.
  @inline(__always)
  func imagePixel(_ index: Int) -> Int { top * width + index }
}
