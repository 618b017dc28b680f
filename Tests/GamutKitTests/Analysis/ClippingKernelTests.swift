import Testing

@testable import GamutKit

/// The C classification of the clipping analysis's rows (`gamut_pixel_keys`, `gamut_classify_flags`, vectorized)
/// gives the keys, flags, counts and bits of the Swift loop it replaced (kept here as the reference), for every
/// layout and bit depth, widths around the 64-pixel words, and alpha thresholds on, between and beyond the codes.
@Suite struct ClippingKernelTests {
  static let layouts: [PixelBuffer.Layout] = [.gray, .grayAlpha, .rgb, .rgba]

  /// What the Swift loop made of one row.
  struct Row: Equatable {
    var sourceKeys: [UInt64] = []
    var outputKeys: [UInt64] = []
    var flags: [UInt8] = []
    var visible = 0
    var outside = 0
    var visibleBits: [UInt64] = []
    var outsideBits: [UInt64] = []
  }

  /// The keys of the Swift loop: color samples 16 bits apart, red highest, a gray pixel's its gray code.
  static func referenceKeys(_ buffer: PixelBuffer, row: Int) -> [UInt64] {
    let channels = buffer.layout.channels
    return (0..<buffer.width).map { x in
      let index = (row * buffer.width + x) * channels
      let sample = { (offset: Int) -> UInt64 in
        switch buffer.samples {
        case .eight(let values): UInt64(values[index + offset])
        case .sixteen(let values): UInt64(values[index + offset])
        }
      }
      return buffer.layout.isGray ? sample(0) : sample(0) << 32 | sample(1) << 16 | sample(2)
    }
  }

  /// The Swift loop's row: visible when `Double(alpha) * (1 / maxCode) > threshold` (always, or never, without
  /// alpha, as 1 compares), out of gamut when visible and marked.
  static func reference(_ strip: TransformResult, row: Int, alphaThreshold: Double) -> Row {
    let source = strip.source
    let (width, channels) = (source.width, source.layout.channels)
    let maxCode = source.bitDepth == 16 ? 65535 : 255
    var result = Row(sourceKeys: referenceKeys(source, row: row), outputKeys: referenceKeys(strip.image, row: row))
    let words = (width + 63) / 64
    result.visibleBits = [UInt64](repeating: 0, count: words)
    result.outsideBits = result.visibleBits
    for x in 0..<width {
      let isVisible: Bool
      if source.layout.hasAlpha {
        let index = (row * width + x) * channels + channels - 1
        let code =
          switch source.samples {
          case .eight(let values): Double(values[index])
          case .sixteen(let values): Double(values[index])
          }
        isVisible = code * (1 / Double(maxCode)) > alphaThreshold
      } else {
        isVisible = 1 > alphaThreshold
      }
      let isOutside = isVisible && strip.outOfGamut[row * width + x]
      result.flags.append(isVisible ? (isOutside ? 3 : 1) : 0)
      result.visible += isVisible ? 1 : 0
      result.outside += isOutside ? 1 : 0
      result.visibleBits[x >> 6] |= (isVisible ? 1 : 0) << UInt64(x & 63)
      result.outsideBits[x >> 6] |= (isOutside ? 1 : 0) << UInt64(x & 63)
    }
    return result
  }

  /// A strip of random pixels (alpha near `alphaThreshold` for half of them, every 8-bit code in turn on one
  /// channel), a random out-of-gamut mask, converted nowhere: only its buffers are classified.
  static func strip(
    layout: PixelBuffer.Layout, bitDepth: Int, width: Int, height: Int, alphaThreshold: Double, seed: UInt64
  ) throws -> TransformResult {
    var random = SplitMix64(state: seed)
    let maxCode = bitDepth == 16 ? 65535 : 255
    let near = alphaThreshold.isNaN ? maxCode / 2 : Int((min(max(alphaThreshold, -1), 2) * Double(maxCode)).rounded())
    var codes: [Int] = []
    for pixel in 0..<(width * height) {
      for channel in 0..<layout.channels {
        let value = Int(random.next() % UInt64(maxCode + 1))
        if layout.hasAlpha && channel == layout.channels - 1 && pixel % 2 == 0 {
          codes.append(min(max(near + Int(random.next() % 5) - 2, 0), maxCode))
        } else {
          codes.append(channel == 0 && pixel % 3 == 0 ? pixel % (maxCode + 1) : value)
        }
      }
    }
    let samples: PixelBuffer.Samples =
      bitDepth == 16 ? .sixteen(codes.map { UInt16($0) }) : .eight(codes.map { UInt8($0) })
    let source = PixelBuffer(width: width, height: height, layout: layout, samples: samples)
    let transform = try #require(MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB)))
    let mask = (0..<(width * height)).map { _ in random.next() % 3 != 0 }
    return TransformResult(
      image: source, source: source, transform: transform, outOfGamut: mask, staysInGamut: false)
  }

  @Test(
    "The C classification gives the Swift loop's keys, flags, counts and bits",
    arguments: [8, 16], [1, 63, 64, 65, 130, 509])
  func cClassificationMatchesSwiftLoop(bitDepth: Int, width: Int) throws {
    for (layout, threshold, strip, table) in try Self.strips(bitDepth: bitDepth, width: width, seed: 0) {
      let height = strip.source.height
      var window = StripWindow(width: width, capacity: height)
      defer { window.deallocate() }
      _ = window.advance(keeping: 0, adding: height)
      for row in 0..<height {
        // Rows of the window in another order than the strip's.
        window.classify(
          strip, row: row, into: height - 1 - row, source: table, output: table, alphaThreshold: threshold)
        let found = Self.row(of: window, height - 1 - row)
        let expected = Self.reference(strip, row: row, alphaThreshold: threshold)
        #expect(found == expected, "\(layout) \(bitDepth)-bit, width \(width), threshold \(threshold), row \(row)")
      }
    }
  }

  /// A strip of three rows for every layout at every alpha threshold worth trying (below, on and between the codes,
  /// beyond the range, NaN), each seeded apart from `seed` on, with its source's color table.
  static func strips(bitDepth: Int, width: Int, seed: Int) throws -> [(
    layout: PixelBuffer.Layout, threshold: Double, strip: TransformResult, table: ColorTable
  )] {
    let maxCode = Double(bitDepth == 16 ? 65535 : 255)
    let thresholds = [-0.5, 0, 1 / maxCode, 0.5, 127 / maxCode, 0.2, (maxCode - 1) / maxCode, 1, 2, .nan]
    var strips: [(PixelBuffer.Layout, Double, TransformResult, ColorTable)] = []
    for (index, layout) in Self.layouts.enumerated() {
      for (offset, threshold) in thresholds.enumerated() {
        let strip = try Self.strip(
          layout: layout, bitDepth: bitDepth, width: width, height: 3, alphaThreshold: threshold,
          seed: UInt64(seed + index * 100 + offset))
        let table = ColorTable(layout: layout, bitDepth: bitDepth, transform: strip.transform, ofSource: true)
        strips.append((layout, threshold, strip, table))
      }
    }
    return strips
  }

  @Test(
    "A strip's out-of-gamut count (gamut_count_outside) is the Swift loop's, row by row added up",
    arguments: [8, 16], [1, 63, 64, 65, 130, 509])
  func outsideCountMatchesSwiftLoop(bitDepth: Int, width: Int) throws {
    for (layout, threshold, strip, table) in try Self.strips(bitDepth: bitDepth, width: width, seed: 7) {
      let expected = (0..<strip.source.height).map {
        Self.reference(strip, row: $0, alphaThreshold: threshold).outside
      }
      #expect(
        StripWindow.outsideCount(of: strip, source: table, alphaThreshold: threshold) == expected.reduce(0, +),
        "\(layout) \(bitDepth)-bit, width \(width), threshold \(threshold)")
    }
  }

  @Test("The visible code is the first code above the threshold: on, just off and between the codes of 8 bits")
  func visibleCodeSplitsTheCodes() throws {
    let transform = try #require(MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB)))
    for bitDepth in [8, 16] {
      let table = ColorTable(layout: .rgba, bitDepth: bitDepth, transform: transform, ofSource: true)
      let scale = 1 / Double(table.maxCode)
      for step in stride(from: -2, through: 260, by: bitDepth == 8 ? 1 : 13) {
        for threshold in [Double(step) / 255, Double(step) / 255 + 1e-12, Double(step) / 255 - 1e-12] {
          let code = Int(table.visibleCode(above: threshold))
          #expect(code == (0...table.maxCode).first { Double($0) * scale > threshold } ?? table.maxCode + 1)
        }
      }
    }
  }

  /// Window row `row` as the reference gives it.
  static func row(of window: StripWindow, _ row: Int) -> Row {
    let range = (row * window.width)..<((row + 1) * window.width)
    let words = (row * window.wordsPerRow)..<((row + 1) * window.wordsPerRow)
    return Row(
      sourceKeys: Array(window.sourceKeys[range]), outputKeys: Array(window.outputKeys[range]),
      flags: window.flags[range].map(\.rawValue), visible: window.visibleCounts[row],
      outside: window.outOfGamutCounts[row], visibleBits: Array(window.visibleBits[words]),
      outsideBits: Array(window.outsideBits[words]))
  }
}
