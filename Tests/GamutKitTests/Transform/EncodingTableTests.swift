import Testing

@testable import GamutKit

/// The encoding table's lookup (a cell of the `√v` grid, then steps over thresholds) gives exactly the code the
/// thresholds define: the number of thresholds at or below the value, found here by binary search.
@Suite struct EncodingTableTests {
  /// The code the thresholds of `channel` define for `value`: the last `k` with `threshold[k] <= value`.
  static func definedCode(_ value: Float, table: EncodingTable, channel: Int) -> Int {
    let base = channel * table.thresholdStride
    var (low, high) = (0, table.maxCode)
    while low < high {
      let middle = (low + high + 1) / 2
      if table.thresholds[base + middle] <= value { low = middle } else { high = middle - 1 }
    }
    return low
  }

  static func lookedUp(_ value: Float, table: EncodingTable, channel: Int) -> Int {
    table.thresholds.withUnsafeBufferPointer { thresholds in
      table.cellCodes.withUnsafeBufferPointer { cellCodes in
        EncodingTable.code(
          value, root: value.squareRoot(), cells: table.cells,
          thresholds: thresholds.baseAddress! + channel * table.thresholdStride,
          cellCodes: cellCodes.baseAddress! + channel * table.cellStride)
      }
    }
  }

  @Test(
    "Every threshold and its neighbouring floats, and random values, encode as the thresholds define",
    arguments: [8, 16])
  func lookupIsExact(bitDepth: Int) {
    let table = EncodingTable(curves: [.sRGB, .gamma22, .sRGB], bitDepth: bitDepth)
    var random = SplitMix64(state: 11)
    for channel in 0..<3 {
      var values: [Float] = [0, 1, .leastNonzeroMagnitude, Float(1).nextDown]
      for code in 1...table.maxCode {
        let threshold = table.thresholds[channel * table.thresholdStride + code]
        values += [threshold, threshold.nextUp, threshold.nextDown]
      }
      for _ in 0..<100_000 { values.append(Float(Double(random.next() % (1 << 40)) / Double(1 << 40))) }
      for value in values where value >= 0 && value <= 1 {
        let expected = Self.definedCode(value, table: table, channel: channel)
        let actual = Self.lookedUp(value, table: table, channel: channel)
        guard expected == actual else {
          Issue.record("channel \(channel), \(bitDepth)-bit: \(value) encodes as \(actual), not \(expected)")
          return
        }
      }
    }
  }

  @Test(
    "The table holds what its definition says, for every channel, shared curve or not; one curve for all is kept once",
    arguments: [8, 16], [[ToneCurve.sRGB, .gamma22, .sRGB], [.sRGB, .sRGB, .sRGB], [.gamma22]])
  func tableIsItsDefinition(bitDepth: Int, curves: [ToneCurve]) {
    let table = EncodingTable(curves: curves, bitDepth: bitDepth)
    let (maxCode, cells) = (table.maxCode, table.cells)
    let stored = Set(curves).count == 1 ? 1 : curves.count
    #expect(table.thresholds.count == stored * (maxCode + 2) && table.cellCodes.count == stored * cells)
    #expect(table.cellNext.count == stored * cells)
    #expect(stored == 1 ? table.thresholdStride == 0 && table.cellStride == 0 : table.thresholdStride == maxCode + 2)
    for (channel, curve) in curves.enumerated() {
      let base = channel * table.thresholdStride
      let thresholds =
        [-Float.infinity] + (1...maxCode).map { Float(curve.evaluate((Double($0) - 0.5) / Double(maxCode))) } + [
          .infinity
        ]
      #expect(Array(table.thresholds[base..<base + maxCode + 2]) == thresholds, "channel \(channel)")
      var mismatches = 0
      for cell in 0..<cells {
        let root = Double(cell) / Double(cells)
        let edge = Float(root * root)
        // The last code whose threshold the edge reaches, by binary search.
        var (low, high) = (0, maxCode)
        while low < high {
          let middle = (low + high + 1) / 2
          if thresholds[middle] <= edge { low = middle } else { high = middle - 1 }
        }
        let index = channel * table.cellStride + cell
        if Int(table.cellCodes[index]) != low || table.cellNext[index] != thresholds[low + 1] { mismatches += 1 }
      }
      #expect(mismatches == 0, "channel \(channel): \(mismatches) cells differ")
    }
  }

  @Test("Codes are the correctly rounded inverse of the curve")
  func codesRoundTheInverse() {
    let table = EncodingTable(curves: [.sRGB], bitDepth: 8)
    for code in 0...255 {
      let linear = Float(ToneCurve.sRGB.evaluate(Double(code) / 255))
      #expect(Self.lookedUp(linear, table: table, channel: 0) == code)
    }
  }
}
