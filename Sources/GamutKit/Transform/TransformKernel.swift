import Dispatch
import Foundation
internal import GamutColorC

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
  /// Whether RGB conversions may take the C loop (``convertsInC``): tests turn it off to compare the two loops.
  var allowsCLoop = true

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

  /// Whether the pixel loop in C (`GamutColorC`'s `gamut_transform_*`, vectorized) converts: RGB to RGB, clipped,
  /// without dither. It gives the same codes and flags as ``BandConversion``, which converts the rest (gray, gamut
  /// mapping, dither).
  private var convertsInC: Bool {
    allowsCLoop && inputColorChannels == 3 && outputColorChannels == 3 && mapper == nil && ditherEncoding == nil
  }

  /// Converts `rows` of the image, one band's share of ``convert(_:image:firstRow:as:mask:)``.
  private func convertRows<Input: FixedWidthInteger & UnsignedInteger, Output: FixedWidthInteger & UnsignedInteger>(
    _ rows: Range<Int>, firstRow: Int, width: Int, hasAlpha: Bool, input: UnsafeBufferPointer<Input>,
    output: UnsafeMutableBufferPointer<Output>, mask: UnsafeMutableBufferPointer<Bool>
  ) {
    if convertsInC {
      convertRowsInC(rows, width: width, hasAlpha: hasAlpha, input: input, output: output, mask: mask)
      return
    }
    decode.withUnsafeBufferPointer { decode in
      encoding.thresholds.withUnsafeBufferPointer { thresholds in
        encoding.cellCodes.withUnsafeBufferPointer { cellCodes in
          encoding.cellNext.withUnsafeBufferPointer { cellNext in
            let band = BandConversion(
              kernel: self, firstRow: firstRow, width: width, hasAlpha: hasAlpha, source: input.baseAddress!,
              target: output.baseAddress!, mask: mask, decode: decode.baseAddress!,
              thresholds: thresholds.baseAddress!, cellCodes: cellCodes.baseAddress!, cellNext: cellNext.baseAddress!)
            defer { band.deallocate() }
            convert(rows, with: band)
          }
        }
      }
    }
  }

  /// Converts `rows` with the C loop (``convertsInC``).
  private func convertRowsInC<Input: FixedWidthInteger, Output: FixedWidthInteger>(
    _ rows: Range<Int>, width: Int, hasAlpha: Bool, input: UnsafeBufferPointer<Input>,
    output: UnsafeMutableBufferPointer<Output>, mask: UnsafeMutableBufferPointer<Bool>
  ) {
    let stride = hasAlpha ? 4 : 3
    let (first, count) = (rows.lowerBound * width, rows.count * width)
    let source = UnsafeRawPointer(input.baseAddress! + first * stride)
    let target = UnsafeMutableRawPointer(output.baseAddress! + first * stride)
    // The mask stays all false when no input can leave the gamut. Bool is one byte, 0 or 1, as C writes it.
    let flags =
      mask.isEmpty || staysInGamut
      ? nil : UnsafeMutableRawPointer(mask.baseAddress! + first).assumingMemoryBound(to: UInt8.self)
    decode.withUnsafeBufferPointer { decode in
      encoding.thresholds.withUnsafeBufferPointer { thresholds in
        encoding.cellCodes.withUnsafeBufferPointer { cellCodes in
          encoding.cellNext.withUnsafeBufferPointer { cellNext in
            var kernel = gamut_transform_kernel(
              decode: decode.baseAddress!, input_codes: UInt32(inputMax + 1),
              columns: (
                column0.x, column0.y, column0.z, column1.x, column1.y, column1.z, column2.x, column2.y, column2.z
              ),
              low: (low.x, low.y, low.z), high: (high.x, high.y, high.z), thresholds: thresholds.baseAddress!,
              cell_codes: cellCodes.baseAddress!, cell_next: cellNext.baseAddress!, cells: UInt32(encoding.cells),
              max_code: UInt32(encoding.maxCode), threshold_stride: UInt32(encoding.thresholdStride),
              cell_stride: UInt32(encoding.cellStride))
            let alpha: Int32 = hasAlpha ? 1 : 0
            switch (Input.bitWidth, Output.bitWidth) {
            case (8, 8):
              gamut_transform_8_to_8(
                &kernel, source.assumingMemoryBound(to: UInt8.self), target.assumingMemoryBound(to: UInt8.self),
                flags, count, alpha)
            case (8, _):
              gamut_transform_8_to_16(
                &kernel, source.assumingMemoryBound(to: UInt8.self), target.assumingMemoryBound(to: UInt16.self),
                flags, count, alpha)
            case (_, 8):
              gamut_transform_16_to_8(
                &kernel, source.assumingMemoryBound(to: UInt16.self), target.assumingMemoryBound(to: UInt8.self),
                flags, count, alpha)
            default:
              gamut_transform_16_to_16(
                &kernel, source.assumingMemoryBound(to: UInt16.self), target.assumingMemoryBound(to: UInt16.self),
                flags, count, alpha)
            }
          }
        }
      }
    }
  }

  /// Converts `rows` with one band's loop.
  private func convert<Input, Output>(_ rows: Range<Int>, with band: BandConversion<Input, Output>) {
    var lastMapped = LastMapped()
    // Rows left before the table of recent colors is used again: noise that leaves no color repeated makes every
    // lookup miss, so after a row with few hits the next rows go without it (the results are the same).
    var rowsWithoutTable = 0
    for y in rows {
      let usesTable = band.reuse && rowsWithoutTable == 0
      let hits = band.convertRow(y, of: self, usingTable: usesTable, lastMapped: &lastMapped)
      if !usesTable {
        rowsWithoutTable -= rowsWithoutTable > 0 ? 1 : 0
      } else if hits &* 8 < band.width {
        rowsWithoutTable = 16
      }
    }
  }

  /// The last color a band gamut-mapped, kept for runs of one color.
  private struct LastMapped {
    var input = SIMD3<Float>(repeating: .nan)
    var result = SIMD3<Float>()

    /// The gamut-mapped value of `v`, the destination value of the decoded `input`.
    @inline(__always) mutating func mapped(
      _ v: SIMD3<Float>, input: SIMD3<Float>, by kernel: TransformKernel
    ) -> SIMD3<Float> {
      if self.input != input {
        self.input = input
        result = SIMD3<Float>(kernel.mapper!.map(SIMD3<Double>(v)))
      }
      return result
    }
  }

  /// One band's pixel loop: the tables and constants it reads, fetched once, and a table of the colors it converted
  /// recently.
  private struct BandConversion<Input: FixedWidthInteger & UnsignedInteger, Output: FixedWidthInteger & UnsignedInteger>
  {
    let firstRow: Int
    let width: Int
    let hasAlpha: Bool
    let isRGB: Bool
    let writesRGB: Bool
    let inputStride: Int
    let outputStride: Int
    let alphaIn: Int
    let alphaOut: Int
    let outputMax: Int
    let rescalesAlpha: Bool
    /// The mask stays all false when no input can leave the gamut.
    let measuring: Bool
    /// Tested per pixel before the mapper is touched: binding the optional mapper copies it.
    let mapsGamut: Bool
    let source: UnsafePointer<Input>
    let target: UnsafeMutablePointer<Output>
    let mask: UnsafeMutableBufferPointer<Bool>
    /// Per channel: decoding table, thresholds and cell codes. A gray source reads its one table thrice.
    let red: UnsafePointer<Float>
    let green: UnsafePointer<Float>
    let blue: UnsafePointer<Float>
    let thresholds: UnsafePointer<Float>
    let cellCodes: UnsafePointer<UInt16>
    let cellNext: UnsafePointer<Float>
    let cells: Int
    let cellCount: Float
    let lastCell: Int
    /// Channel strides of the thresholds and of the cells (``EncodingTable/thresholdStride``).
    let thresholdStride: Int
    let cellStride: Int
    let column0: SIMD3<Float>
    let column1: SIMD3<Float>
    let column2: SIMD3<Float>
    let low: SIMD3<Float>
    let high: SIMD3<Float>
    let zero = SIMD3<Float>(repeating: 0)
    let one = SIMD3<Float>(repeating: 1)
    /// Whether the output is dithered (16-bit input to 8-bit output).
    let dithers: Bool
    /// Recent colors and their results, in a small direct-mapped table by the color's codes: artwork repeats its
    /// colors (an icon of 40,000 visible pixels holds one or two thousand, a flat area or transparency one), so
    /// most pixels are looked up rather than converted. Dithered output depends on the position, so it is never
    /// reused.
    let reuse: Bool
    let recentKeys: UnsafeMutableBufferPointer<UInt64>
    let recent: UnsafeMutableBufferPointer<(Output, Output, Output, Bool)>

    init(
      kernel: TransformKernel, firstRow: Int, width: Int, hasAlpha: Bool, source: UnsafePointer<Input>,
      target: UnsafeMutablePointer<Output>, mask: UnsafeMutableBufferPointer<Bool>, decode: UnsafePointer<Float>,
      thresholds: UnsafePointer<Float>, cellCodes: UnsafePointer<UInt16>, cellNext: UnsafePointer<Float>
    ) {
      (self.firstRow, self.width, self.hasAlpha) = (firstRow, width, hasAlpha)
      (self.source, self.target, self.mask) = (source, target, mask)
      isRGB = kernel.inputColorChannels == 3
      writesRGB = kernel.outputColorChannels == 3
      inputStride = kernel.inputColorChannels &+ (hasAlpha ? 1 : 0)
      outputStride = kernel.outputColorChannels &+ (hasAlpha ? 1 : 0)
      (alphaIn, alphaOut) = (kernel.inputColorChannels, kernel.outputColorChannels)
      outputMax = Output.max == UInt8.max ? 255 : 65535
      rescalesAlpha = kernel.inputMax != outputMax
      measuring = !mask.isEmpty && !kernel.staysInGamut
      mapsGamut = kernel.mapper != nil
      let lutSize = kernel.inputMax &+ 1
      red = decode
      (green, blue) = isRGB ? (decode + lutSize, decode + 2 &* lutSize) : (decode, decode)
      (self.thresholds, self.cellCodes, self.cellNext) = (thresholds, cellCodes, cellNext)
      cells = kernel.encoding.cells
      (cellCount, lastCell) = (Float(cells), cells &- 1)
      (thresholdStride, cellStride) = (kernel.encoding.thresholdStride, kernel.encoding.cellStride)
      (column0, column1, column2) = (kernel.column0, kernel.column1, kernel.column2)
      (low, high) = (kernel.low, kernel.high)
      dithers = kernel.ditherEncoding != nil
      reuse = !dithers
      recentKeys = .allocate(capacity: TransformKernel.recentSlots)
      recentKeys.initialize(repeating: .max)
      recent = .allocate(capacity: TransformKernel.recentSlots)
      recent.initialize(repeating: (0, 0, 0, false))
    }

    func deallocate() {
      recentKeys.deallocate()
      recent.deallocate()
    }

    /// Converts row `y`: each pixel's alpha, then its color, looked up among the recent colors (`usingTable`) or
    /// converted; returns how many were found in the table.
    @inline(__always) func convertRow(
      _ y: Int, of kernel: TransformKernel, usingTable: Bool, lastMapped: inout LastMapped
    ) -> Int {
      var hits = 0
      var pixel = y &* width
      var i = pixel &* inputStride
      var o = pixel &* outputStride
      for x in 0..<width {
        defer {
          pixel &+= 1
          i &+= inputStride
          o &+= outputStride
        }
        if hasAlpha { copyAlpha(from: i, to: o) }
        let codes = self.codes(at: i)
        // Codes of at most 16 bits: the key is unique, and never `UInt64.max` (an empty slot).
        let key =
          UInt64(truncatingIfNeeded: codes.0) << 32 | UInt64(truncatingIfNeeded: codes.1) << 16
          | UInt64(truncatingIfNeeded: codes.2)
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - TransformKernel.recentBits))
        if usingTable && recentKeys[slot] == key {
          let known = recent[slot]
          write((known.0, known.1, known.2), at: o)
          if measuring { mask[pixel] = known.3 }
          hits &+= 1
          continue
        }
        let input = SIMD3(red[codes.0], green[codes.1], blue[codes.2])
        var v = column0 * input.x + column1 * input.y + column2 * input.z
        let outOfGamut = measuring && (any(v .< low) || any(v .> high))
        if measuring { mask[pixel] = outOfGamut }
        if mapsGamut, any(v .< zero) || any(v .> one) { v = lastMapped.mapped(v, input: input, by: kernel) }
        // Lane by lane (`clamped` is not inlined here).
        v = v.replacing(with: zero, where: v .< zero).replacing(with: one, where: v .> one)
        let written =
          !dithers ? encoded(v) : kernel.dithered(v, x: x, y: firstRow &+ y, writesRGB: writesRGB)
        write(written, at: o)
        if usingTable {
          recentKeys[slot] = key
          recent[slot] = (written.0, written.1, written.2, outOfGamut)
        }
      }
      return hits
    }

    /// Writes the alpha of the input pixel at `i` to the output pixel at `o`, rescaled to the output's bit depth.
    @inline(__always) func copyAlpha(from i: Int, to o: Int) {
      let alpha = Int(truncatingIfNeeded: source[i &+ alphaIn])
      let scaled = !rescalesAlpha ? alpha : (outputMax == 255 ? (alpha &* 255 &+ 32767) / 65535 : alpha &* 257)
      target[o &+ alphaOut] = Output(truncatingIfNeeded: scaled)
    }

    /// The color codes of the input pixel at `i` (a gray code thrice).
    @inline(__always) func codes(at i: Int) -> (Int, Int, Int) {
      guard isRGB else {
        let gray = Int(truncatingIfNeeded: source[i])
        return (gray, gray, gray)
      }
      return (
        Int(truncatingIfNeeded: source[i]), Int(truncatingIfNeeded: source[i &+ 1]),
        Int(truncatingIfNeeded: source[i &+ 2])
      )
    }

    /// The output codes of the clipped destination value `v`.
    @inline(__always) func encoded(_ v: SIMD3<Float>) -> (Output, Output, Output) {
      let roots = v.squareRoot()
      return (
        encode(v.x, roots.x, thresholds, cellCodes, cellNext),
        writesRGB
          ? encode(v.y, roots.y, thresholds + thresholdStride, cellCodes + cellStride, cellNext + cellStride) : 0,
        writesRGB
          ? encode(
            v.z, roots.z, thresholds + 2 &* thresholdStride, cellCodes + 2 &* cellStride, cellNext + 2 &* cellStride)
          : 0
      )
    }

    /// The code of `value` (its square root `root`) on the channel whose tables start at `base`, `codes` and `next`.
    @inline(__always) func encode(
      _ value: Float, _ root: Float, _ base: UnsafePointer<Float>, _ codes: UnsafePointer<UInt16>,
      _ next: UnsafePointer<Float>
    ) -> Output {
      let cell = Swift.min(Int(root * cellCount), lastCell)
      var code = Int(truncatingIfNeeded: codes[cell])
      // Usually no step or one: the first is taken without a branch (which noise would mispredict half the time),
      // against the cell's next threshold, loaded beside its code.
      code &+= value >= next[cell] ? 1 : 0
      // The sentinels (-infinity, +infinity) end both walks.
      while base[code &+ 1] <= value { code &+= 1 }
      while base[code] > value { code &-= 1 }
      return Output(truncatingIfNeeded: code)
    }

    /// Writes the color codes `written` to the output pixel at `o` (the first alone for gray output).
    @inline(__always) func write(_ written: (Output, Output, Output), at o: Int) {
      target[o] = written.0
      if writesRGB {
        target[o &+ 1] = written.1
        target[o &+ 2] = written.2
      }
    }
  }

  /// The output codes of the clipped destination value `v` of pixel (`x`, `y`) of the whole image, with the ordered
  /// dither (the first code alone unless `writesRGB`). Not a method of the band: passing the band to a call that is
  /// not inlined would keep it in memory, and the per-pixel loop then reads its constants from there.
  private func dithered<Output: FixedWidthInteger>(_ v: SIMD3<Float>, x: Int, y: Int, writesRGB: Bool) -> (
    Output, Output, Output
  ) {
    let table = ditherEncoding!
    return (
      Output(truncatingIfNeeded: ditherCode(v.x, channel: 0, x: x, y: y, table: table)),
      writesRGB ? Output(truncatingIfNeeded: ditherCode(v.y, channel: 1, x: x, y: y, table: table)) : 0,
      writesRGB ? Output(truncatingIfNeeded: ditherCode(v.z, channel: 2, x: x, y: y, table: table)) : 0
    )
  }

  /// The 8-bit code of `value` with an ordered dither: its exact 16-bit code gives the fractional 8-bit position,
  /// and the Bayer threshold at (`x`, `y`) decides whether it rounds up or down.
  private func ditherCode(_ value: Float, channel: Int, x: Int, y: Int, table: EncodingTable) -> Int {
    let fine = table.thresholds.withUnsafeBufferPointer { thresholds in
      table.cellCodes.withUnsafeBufferPointer { cellCodes in
        EncodingTable.code(
          value, root: value.squareRoot(), cells: table.cells,
          thresholds: thresholds.baseAddress! + channel * table.thresholdStride,
          cellCodes: cellCodes.baseAddress! + channel * table.cellStride)
      }
    }
    let offset = (Self.bayer[(y & 7) * 8 + (x & 7)] + 0.5) / 64 - 0.5
    let position = Float(fine) * 255 / 65535 + 0.5 + offset
    return min(max(Int(position.rounded(.down)), 0), 255)
  }
}
