import Dispatch
import Foundation

/// The per-pixel loop of `MatrixTransform`, with its lookup tables built for one input bit depth.
struct TransformKernel: Sendable {
  private let inputColorChannels: Int
  private let outputColorChannels: Int
  private let inputMax: Int
  /// Decoded linear values, `inputMax + 1` per source channel (one channel for gray sources).
  private let decode: [Float]
  /// The linear matrix, row-major.
  private let matrix: [Float]
  private let encoding: EncodingTable
  private let ditherEncoding: EncodingTable?
  private let mapper: CSSGamutMapper?
  private let low: SIMD3<Float>
  private let high: SIMD3<Float>

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
    matrix = [m.row0, m.row1, m.row2].flatMap { [Float($0.x), Float($0.y), Float($0.z)] }
    self.encoding = encoding
    self.ditherEncoding = inputBitDepth == 16 ? ditherEncoding : nil
    self.mapper = mapper
    low = SIMD3<Float>(transform.gamutLimits.low)
    high = SIMD3<Float>(transform.gamutLimits.high)
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
    let bands = min(height, ProcessInfo.processInfo.activeProcessorCount * 4)
    input.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { output in
        mask.withUnsafeMutableBufferPointer { mask in
          // Bands write disjoint rows of `output` and `mask`, so sharing the pointers between threads is safe.
          let buffers = Buffers(input: input, output: output, mask: mask)
          DispatchQueue.concurrentPerform(iterations: bands) { band in
            let rows = (height * band / bands)..<(height * (band + 1) / bands)
            convertRows(
              rows, firstRow: firstRow, width: width, hasAlpha: hasAlpha, input: buffers.input,
              output: buffers.output, mask: buffers.mask)
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
    let inputStride = inputColorChannels + (hasAlpha ? 1 : 0)
    let outputStride = outputColorChannels + (hasAlpha ? 1 : 0)
    let outputMax = Output.max == UInt8.max ? 255 : 65535
    let measuring = !mask.isEmpty
    // Tested per pixel before the mapper is touched: binding the optional mapper copies it.
    let mapsGamut = mapper != nil
    let lutSize = inputMax + 1
    decode.withUnsafeBufferPointer { decode in
      encoding.thresholds.withUnsafeBufferPointer { thresholds in
        encoding.cellLow.withUnsafeBufferPointer { cellLow in
          encoding.cellHigh.withUnsafeBufferPointer { cellHigh in
            let d = decode.baseAddress!
            let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (
              matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5], matrix[6], matrix[7], matrix[8]
            )
            var previousInput: (Float, Float, Float) = (.nan, .nan, .nan)
            var previousMapped = SIMD3<Float>()
            // The last pixel's color codes and result: runs of one color (flat areas, transparency) are converted
            // once. Dithered output depends on the position, so it is never reused.
            let reuse = ditherEncoding == nil
            var lastCodes = (-1, -1, -1)
            var lastOutput = (0, 0, 0)
            var lastOutOfGamut = false
            for y in rows {
              for x in 0..<width {
                let pixel = y * width + x
                let i = pixel * inputStride
                let o = pixel * outputStride
                let codes =
                  inputColorChannels == 3
                  ? (Int(input[i]), Int(input[i + 1]), Int(input[i + 2])) : (Int(input[i]), 0, 0)
                if hasAlpha {
                  let alpha = Int(input[i + inputColorChannels])
                  let scaled =
                    inputMax == outputMax
                    ? alpha : (outputMax == 255 ? (alpha * 255 + 32767) / 65535 : alpha * 257)
                  output[o + outputColorChannels] = Output(truncatingIfNeeded: scaled)
                }
                if reuse && codes == lastCodes {
                  output[o] = Output(truncatingIfNeeded: lastOutput.0)
                  if outputColorChannels == 3 {
                    output[o + 1] = Output(truncatingIfNeeded: lastOutput.1)
                    output[o + 2] = Output(truncatingIfNeeded: lastOutput.2)
                  }
                  if measuring { mask[pixel] = lastOutOfGamut }
                  continue
                }
                let r = d[codes.0]
                let g = inputColorChannels == 3 ? d[lutSize + codes.1] : r
                let b = inputColorChannels == 3 ? d[2 * lutSize + codes.2] : r
                var v = SIMD3<Float>(
                  m0 * r + m1 * g + m2 * b, m3 * r + m4 * g + m5 * b, m6 * r + m7 * g + m8 * b)
                let outOfGamut = any(v .< low) || any(v .> high)
                if measuring { mask[pixel] = outOfGamut }
                if mapsGamut, any(v .< 0) || any(v .> 1) {
                  if previousInput != (r, g, b) {
                    previousInput = (r, g, b)
                    previousMapped = SIMD3<Float>(mapper!.map(SIMD3<Double>(v)))
                  }
                  v = previousMapped
                }
                v = v.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
                var written = (0, 0, 0)
                for channel in 0..<outputColorChannels {
                  let code: Int
                  if let ditherEncoding {
                    code = ditherCode(v[channel], channel: channel, x: x, y: firstRow + y, table: ditherEncoding)
                  } else {
                    code = EncodingTable.code(
                      v[channel], channel: channel, maxCode: encoding.maxCode, cells: encoding.cells,
                      thresholds: thresholds.baseAddress!, cellLow: cellLow.baseAddress!,
                      cellHigh: cellHigh.baseAddress!)
                  }
                  output[o + channel] = Output(truncatingIfNeeded: code)
                  switch channel {
                  case 0: written.0 = code
                  case 1: written.1 = code
                  default: written.2 = code
                  }
                }
                (lastCodes, lastOutput, lastOutOfGamut) = (codes, written, outOfGamut)
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
      table.cellLow.withUnsafeBufferPointer { cellLow in
        table.cellHigh.withUnsafeBufferPointer { cellHigh in
          EncodingTable.code(
            value, channel: channel, maxCode: table.maxCode, cells: table.cells, thresholds: thresholds.baseAddress!,
            cellLow: cellLow.baseAddress!, cellHigh: cellHigh.baseAddress!)
        }
      }
    }
    let offset = (Self.bayer[(y & 7) * 8 + (x & 7)] + 0.5) / 64 - 0.5
    let position = Float(fine) * 255 / 65535 + 0.5 + offset
    return min(max(Int(position.rounded(.down)), 0), 255)
  }
}
