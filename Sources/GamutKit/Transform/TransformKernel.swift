import Dispatch
import Foundation

/// The per-pixel loop of `MatrixTransform`, with its lookup tables built for one input bit depth.
struct TransformKernel: Sendable {
  private let inputColorChannels: Int
  private let outputColorChannels: Int
  private let inputMax: Int
  /// Decoded linear values, `inputMax + 1` per source channel (one channel for gray sources).
  private let decode: [Float]
  /// The linear matrix by columns: the destination linear value is `column0 * r + column1 * g + column2 * b`.
  private let column0: SIMD3<Float>
  private let column1: SIMD3<Float>
  private let column2: SIMD3<Float>
  private let encoding: EncodingTable
  private let ditherEncoding: EncodingTable?
  private let mapper: CSSGamutMapper?
  private let low: SIMD3<Float>
  private let high: SIMD3<Float>
  /// Whether no input of this bit depth can come out of gamut: every destination linear value the decoded inputs
  /// can give lies within the transform's gamut limits (``MatrixTransform/isOutOfGamut(_:)``), with room for the
  /// `Float` rounding of the matrix product. The out-of-gamut mask then stays empty without a test per pixel.
  let staysInGamut: Bool

  /// The size of the table of recent colors, as a power of two.
  private static let recentBits = 10
  private static let recentSlots = 1 << recentBits

  /// The 8x8 Bayer matrix, values 0..<64.
  private static let bayer: [Float] = [
    0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
    12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
    3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
    15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
  ]

  init(
    transform: MatrixTransform, inputBitDepth: Int, encoding: EncodingTable, ditherEncoding: EncodingTable?,
    mapper: CSSGamutMapper?
  ) {
    inputColorChannels = transform.source.channelCount
    outputColorChannels = transform.destination.channelCount
    inputMax = inputBitDepth == 16 ? 65535 : 255
    var decode: [Float] = []
    decode.reserveCapacity(inputColorChannels * (inputMax + 1))
    let curves = Array(transform.source.curves.prefix(inputColorChannels))
    for (index, curve) in curves.enumerated() {
      // Channels with the same curve (the usual case) share one computation.
      if let same = curves[..<index].firstIndex(of: curve) {
        decode += decode[same * (inputMax + 1)..<(same + 1) * (inputMax + 1)]
        continue
      }
      for code in 0...inputMax {
        decode.append(Float(curve.evaluate(Double(code) / Double(inputMax))))
      }
    }
    self.decode = decode
    let m = transform.linearMatrix
    column0 = SIMD3(Float(m.row0.x), Float(m.row1.x), Float(m.row2.x))
    column1 = SIMD3(Float(m.row0.y), Float(m.row1.y), Float(m.row2.y))
    column2 = SIMD3(Float(m.row0.z), Float(m.row1.z), Float(m.row2.z))
    self.encoding = encoding
    self.ditherEncoding = inputBitDepth == 16 ? ditherEncoding : nil
    self.mapper = mapper
    low = SIMD3<Float>(transform.gamutLimits.low)
    high = SIMD3<Float>(transform.gamutLimits.high)
    staysInGamut = Self.staysInGamut(
      decode: decode, codes: inputMax + 1, channels: inputColorChannels, columns: [column0, column1, column2],
      low: low, high: high)
  }

  /// Whether every destination value `columns[0] * r + columns[1] * g + columns[2] * b` lies within `low...high`
  /// when each decoded channel ranges over its values in `decode` (gray: `r = g = b`). Each destination channel is
  /// linear in the inputs, so its extremes lie at the corners of the box of input ranges; the bound is computed in
  /// `Double` and must hold with a margin far above the `Float` rounding of the kernel's product.
  private static func staysInGamut(
    decode: [Float], codes: Int, channels: Int, columns: [SIMD3<Float>], low: SIMD3<Float>, high: SIMD3<Float>
  ) -> Bool {
    let margin = 1e-5
    var ranges: [(low: Double, high: Double)] = []
    for channel in 0..<channels {
      let values = decode[channel * codes..<(channel + 1) * codes]
      guard let least = values.min(), let most = values.max(), least.isFinite, most.isFinite else { return false }
      ranges.append((Double(least), Double(most)))
    }
    for row in 0..<3 {
      let weights = columns.map { Double($0[row]) }
      var lowest = 0.0
      var highest = 0.0
      if channels == 1 {
        let sum = weights.reduce(0, +)
        lowest = min(sum * ranges[0].low, sum * ranges[0].high)
        highest = max(sum * ranges[0].low, sum * ranges[0].high)
      } else {
        for (weight, range) in zip(weights, ranges) {
          lowest += min(weight * range.low, weight * range.high)
          highest += max(weight * range.low, weight * range.high)
        }
      }
      guard lowest >= Double(low[row]) + margin && highest <= Double(high[row]) - margin else { return false }
    }
    return true
  }

  /// Converts all pixels of `image` (whose samples are `input`) to output samples of type `Output`, writing the
  /// out-of-gamut flag of each pixel into `mask` when it is not empty. Rows are split into bands run in parallel.
  /// `image` is a strip whose first row is row `firstRow` of the whole image (for the dither's position).
  func convert<
    Input: FixedWidthInteger & UnsignedInteger & SendableMetatype,
    Output: FixedWidthInteger & UnsignedInteger & SendableMetatype
  >(
    _ input: [Input], image: PixelBuffer, firstRow: Int, as: Output.Type, mask: inout [Bool]
  ) -> [Output] {
    let hasAlpha = image.layout.hasAlpha
    let outputStride = outputColorChannels + (hasAlpha ? 1 : 0)
    let width = image.width
    let height = image.height
    // Every sample is written below, so the array is not cleared first.
    var output = [Output](unsafeUninitializedCapacity: width * height * outputStride) { _, count in
      count = width * height * outputStride
    }
    // Bands of at least 16 Ki pixels: a band is worth a thread's wake-up.
    let bands = max(1, min(height, ProcessInfo.processInfo.activeProcessorCount * 4, width * height >> 14))
    input.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { output in
        mask.withUnsafeMutableBufferPointer { mask in
          // Bands write disjoint rows of `output` and `mask`, so sharing the pointers between threads is safe.
          let buffers = Buffers(input: input, output: output, mask: mask)
          let convertBand = { @Sendable (band: Int) in
            let rows = (height * band / bands)..<(height * (band + 1) / bands)
            convertRows(
              rows, firstRow: firstRow, width: width, hasAlpha: hasAlpha, input: buffers.input,
              output: buffers.output, mask: buffers.mask)
          }
          if bands == 1 {
            convertBand(0)
          } else {
            DispatchQueue.concurrentPerform(iterations: bands, execute: convertBand)
          }
        }
      }
    }
    return output
  }

  /// The buffers of one conversion, handed to the parallel bands.
  private struct Buffers<Input, Output>: @unchecked Sendable {
    let input: UnsafeBufferPointer<Input>
    let output: UnsafeMutableBufferPointer<Output>
    let mask: UnsafeMutableBufferPointer<Bool>
  }

  private func convertRows<Input: FixedWidthInteger & UnsignedInteger, Output: FixedWidthInteger & UnsignedInteger>(
    _ rows: Range<Int>, firstRow: Int, width: Int, hasAlpha: Bool, input: UnsafeBufferPointer<Input>,
    output: UnsafeMutableBufferPointer<Output>, mask: UnsafeMutableBufferPointer<Bool>
  ) {
    let isRGB = inputColorChannels == 3
    let writesRGB = outputColorChannels == 3
    let inputStride = inputColorChannels &+ (hasAlpha ? 1 : 0)
    let outputStride = outputColorChannels &+ (hasAlpha ? 1 : 0)
    let alphaIn = inputColorChannels
    let alphaOut = outputColorChannels
    let outputMax = Output.max == UInt8.max ? 255 : 65535
    let rescalesAlpha = inputMax != outputMax
    // The mask stays all false when no input can leave the gamut.
    let measuring = !mask.isEmpty && !staysInGamut
    // Tested per pixel before the mapper is touched: binding the optional mapper copies it.
    let mapsGamut = mapper != nil
    let lutSize = inputMax &+ 1
    let cells = encoding.cells
    let (cellCount, lastCell, thresholdCount) = (Float(cells), cells &- 1, encoding.maxCode &+ 2)
    let (column0, column1, column2, low, high) = (column0, column1, column2, low, high)
    let zero = SIMD3<Float>(repeating: 0)
    let one = SIMD3<Float>(repeating: 1)
    let (source, target) = (input.baseAddress!, output.baseAddress!)
    decode.withUnsafeBufferPointer { decode in
      encoding.thresholds.withUnsafeBufferPointer { thresholds in
        encoding.cellCodes.withUnsafeBufferPointer { cellCodes in
          // Per channel: decoding table, thresholds and cell codes. A gray source reads its one table thrice.
          let red = decode.baseAddress!
          let (green, blue) = isRGB ? (red + lutSize, red + 2 &* lutSize) : (red, red)
          let t = thresholds.baseAddress!
          let c = cellCodes.baseAddress!
          /// The code of `value` (its square root `root`) on the channel whose tables start at `base` and `codes`.
          @inline(__always) func encode(
            _ value: Float, _ root: Float, _ base: UnsafePointer<Float>, _ codes: UnsafePointer<UInt16>
          ) -> Output {
            var code = Int(truncatingIfNeeded: codes[Swift.min(Int(root * cellCount), lastCell)])
            // The sentinels (-infinity, +infinity) end both walks.
            while base[code &+ 1] <= value { code &+= 1 }
            while base[code] > value { code &-= 1 }
            return Output(truncatingIfNeeded: code)
          }
          var previousInput = SIMD3<Float>(repeating: .nan)
          var previousMapped = SIMD3<Float>()
          // Recent colors and their results, in a small direct-mapped table by the color's codes: artwork repeats
          // its colors (an icon of 40,000 visible pixels holds one or two thousand, a flat area or transparency
          // one), so most pixels are looked up rather than converted. Dithered output depends on the position, so
          // it is never reused.
          let reuse = ditherEncoding == nil
          let recentKeys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Self.recentSlots)
          recentKeys.initialize(repeating: .max)
          let recent = UnsafeMutableBufferPointer<(Output, Output, Output, Bool)>.allocate(capacity: Self.recentSlots)
          recent.initialize(repeating: (0, 0, 0, false))
          defer {
            recentKeys.deallocate()
            recent.deallocate()
          }
          for y in rows {
            var pixel = y &* width
            var i = pixel &* inputStride
            var o = pixel &* outputStride
            for x in 0..<width {
              defer {
                pixel &+= 1
                i &+= inputStride
                o &+= outputStride
              }
              if hasAlpha {
                let alpha = Int(truncatingIfNeeded: source[i &+ alphaIn])
                let scaled =
                  !rescalesAlpha ? alpha : (outputMax == 255 ? (alpha &* 255 &+ 32767) / 65535 : alpha &* 257)
                target[o &+ alphaOut] = Output(truncatingIfNeeded: scaled)
              }
              let codes =
                isRGB
                ? (
                  Int(truncatingIfNeeded: source[i]), Int(truncatingIfNeeded: source[i &+ 1]),
                  Int(truncatingIfNeeded: source[i &+ 2])
                )
                : (
                  Int(truncatingIfNeeded: source[i]), Int(truncatingIfNeeded: source[i]),
                  Int(truncatingIfNeeded: source[i])
                )
              // Codes of at most 16 bits: the key is unique, and never `UInt64.max` (an empty slot).
              let key =
                UInt64(truncatingIfNeeded: codes.0) << 32 | UInt64(truncatingIfNeeded: codes.1) << 16
                | UInt64(truncatingIfNeeded: codes.2)
              let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.recentBits))
              if reuse && recentKeys[slot] == key {
                let known = recent[slot]
                target[o] = known.0
                if writesRGB {
                  target[o &+ 1] = known.1
                  target[o &+ 2] = known.2
                }
                if measuring { mask[pixel] = known.3 }
                continue
              }
              let (r, g, b) = (red[codes.0], green[codes.1], blue[codes.2])
              var v = column0 * r + column1 * g + column2 * b
              let outOfGamut = measuring && (any(v .< low) || any(v .> high))
              if measuring { mask[pixel] = outOfGamut }
              if mapsGamut, any(v .< zero) || any(v .> one) {
                let input = SIMD3(r, g, b)
                if previousInput != input {
                  previousInput = input
                  previousMapped = SIMD3<Float>(mapper!.map(SIMD3<Double>(v)))
                }
                v = previousMapped
              }
              // Lane by lane (`clamped` is not inlined here).
              v = v.replacing(with: zero, where: v .< zero).replacing(with: one, where: v .> one)
              let written: (Output, Output, Output)
              if let ditherEncoding {
                let row = firstRow &+ y
                written = (
                  Output(truncatingIfNeeded: ditherCode(v.x, channel: 0, x: x, y: row, table: ditherEncoding)),
                  writesRGB
                    ? Output(truncatingIfNeeded: ditherCode(v.y, channel: 1, x: x, y: row, table: ditherEncoding)) : 0,
                  writesRGB
                    ? Output(truncatingIfNeeded: ditherCode(v.z, channel: 2, x: x, y: row, table: ditherEncoding)) : 0
                )
              } else {
                let roots = v.squareRoot()
                written = (
                  encode(v.x, roots.x, t, c),
                  writesRGB ? encode(v.y, roots.y, t + thresholdCount, c + cells) : 0,
                  writesRGB ? encode(v.z, roots.z, t + 2 &* thresholdCount, c + 2 &* cells) : 0
                )
              }
              target[o] = written.0
              if writesRGB {
                target[o &+ 1] = written.1
                target[o &+ 2] = written.2
              }
              if reuse {
                recentKeys[slot] = key
                recent[slot] = (written.0, written.1, written.2, outOfGamut)
              }
            }
          }
        }
      }
    }
  }

  /// The 8-bit code of `value` with an ordered dither: its exact 16-bit code gives the fractional 8-bit position,
  /// and the Bayer threshold at (`x`, `y`) decides whether it rounds up or down.
  private func ditherCode(_ value: Float, channel: Int, x: Int, y: Int, table: EncodingTable) -> Int {
    let fine = table.thresholds.withUnsafeBufferPointer { thresholds in
      table.cellCodes.withUnsafeBufferPointer { cellCodes in
        EncodingTable.code(
          value, root: value.squareRoot(), channel: channel, maxCode: table.maxCode, cells: table.cells,
          thresholds: thresholds.baseAddress!, cellCodes: cellCodes.baseAddress!)
      }
    }
    let offset = (Self.bayer[(y & 7) * 8 + (x & 7)] + 0.5) / 64 - 0.5
    let position = Float(fine) * 255 / 65535 + 0.5 + offset
    return min(max(Int(position.rounded(.down)), 0), 255)
  }
}
