import Testing

@testable import GamutKit

/// The encoding table's lookup (a cell of the `√v` grid, then steps over thresholds) gives exactly the code the
/// thresholds define: the number of thresholds at or below the value, found here by binary search.
@Suite struct EncodingTableTests {
  /// The code the thresholds of `channel` define for `value`: the last `k` with `threshold[k] <= value`.
  static func definedCode(_ value: Float, table: EncodingTable, channel: Int) -> Int {
    let base = channel * (table.maxCode + 2)
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
          value, root: value.squareRoot(), channel: channel, maxCode: table.maxCode, cells: table.cells,
          thresholds: thresholds.baseAddress!, cellCodes: cellCodes.baseAddress!)
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
        let threshold = table.thresholds[channel * (table.maxCode + 2) + code]
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

  @Test("The table holds what its definition says, for every channel, shared curve or not", arguments: [8, 16])
  func tableIsItsDefinition(bitDepth: Int) {
    let curves: [ToneCurve] = [.sRGB, .gamma22, .sRGB]
    let table = EncodingTable(curves: curves, bitDepth: bitDepth)
    let (maxCode, cells) = (table.maxCode, table.cells)
    #expect(table.thresholds.count == 3 * (maxCode + 2) && table.cellCodes.count == 3 * cells)
    for (channel, curve) in curves.enumerated() {
      let base = channel * (maxCode + 2)
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
        let index = channel * cells + cell
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
