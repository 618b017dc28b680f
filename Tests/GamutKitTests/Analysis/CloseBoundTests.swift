import Foundation
import GamutColorC
import Testing

@testable import GamutKit

/// The bounds `LargestShiftFinder` and `PendingRuns` skip work with: the vectorized kernel's CIELAB
/// (`gamut_near_lab`) against `ColorTable.lab`, and `ColorDifference.ciede2000CloseUpperBound` (and the kernel's
/// copy of it) against the full CIEDE2000 formula, including from colors moved by the near CIELAB's error, with the
/// margin.
@Suite("Analysis: the close CIEDE2000 bound")
struct CloseBoundTests {
  @Test("The kernel's CIELAB is within 1e-9 of the exact one: ramps and 200 000 colors of P3, sRGB and gray")
  func nearLab() throws {
    var generator = SplitMix64(state: 39)
    var worst = 0.0
    for (model, bits) in [(ColorSpaceModel.rgb(.displayP3), 16), (.rgb(.sRGB), 8), (.gray(.sRGB), 16)] {
      let transform = try #require(MatrixTransform(source: model, destination: .rgb(.sRGB)))
      let isGray = model.channelCount == 1
      let table = ColorTable(layout: isGray ? .gray : .rgb, bitDepth: bits, transform: transform, ofSource: true)
      let maxCode = UInt64(table.maxCode)
      var keys: [UInt64] = (0...maxCode).map { isGray ? $0 : $0 << 32 | $0 << 16 | $0 }
      keys += (0...maxCode).map { isGray ? $0 : $0 << 32 | (maxCode - $0) << 16 }
      for _ in 0..<200_000 {
        let channel = { UInt64.random(in: 0...maxCode, using: &generator) }
        keys.append(isGray ? channel() : channel() << 32 | channel() << 16 | channel())
      }
      try table.linear.withUnsafeBufferPointer { linear in
        var cTable = table.cTable(try #require(linear.baseAddress))
        var near = [Double](repeating: 0, count: 3)
        for key in keys {
          gamut_near_lab(&cTable, key, &near)
          let exact = table.lab(key)
          worst = max(worst, abs(near[0] - exact.l), abs(near[1] - exact.a), abs(near[2] - exact.b))
        }
      }
    }
    #expect(worst < 1e-9, "largest difference \(worst)")
  }

  @Test("The close bound never falls below CIEDE2000: Sharma pairs and 1 000 000 seeded pairs, with degenerate hues")
  func neverBelow() {
    for (first, second, _) in AnalysisColorMathTests.sharmaPairs {
      let exact = ColorDifference.ciede2000(first, second)
      #expect(ColorDifference.ciede2000CloseUpperBound(first, second) >= exact)
      #expect(ColorDifference.ciede2000CloseUpperBound(second, first) >= exact)
    }
    var generator = SplitMix64(state: 3900)
    var violations: [String] = []
    var ratios: [Double] = []
    for index in 0..<1_000_000 {
      let (first, second) = Self.pair(index, &generator)
      let exact = ColorDifference.ciede2000(first, second)
      let bound = ColorDifference.ciede2000CloseUpperBound(first, second)
      if bound < exact - 1e-12 && violations.count < 5 { violations.append("\(first) \(second): \(bound) < \(exact)") }
      if exact > 0.5 && index % 8 == 0 { ratios.append(bound / exact) }
    }
    #expect(violations.isEmpty, "\(violations)")
    // Close: the bound is within a few per cent of the formula for most pairs (the rotation term's share).
    ratios.sort()
    #expect(ratios[ratios.count / 2] < 1.05, "median bound / CIEDE2000: \(ratios[ratios.count / 2])")
  }

  @Test("Bounds from colors off by the near CIELAB's error, plus the finder's margin, never fall below CIEDE2000")
  func marginCoversNearColors() {
    var generator = SplitMix64(state: 3901)
    var violations = 0
    for index in 0..<400_000 {
      let (first, second) = Self.pair(index, &generator)
      let exact = ColorDifference.ciede2000(first, second)
      // Both colors moved by up to 10 times the near CIELAB's largest error.
      let moved = CIELab(
        l: first.l + Double.random(in: -1e-8...1e-8, using: &generator),
        a: first.a + Double.random(in: -1e-8...1e-8, using: &generator),
        b: first.b + Double.random(in: -1e-8...1e-8, using: &generator))
      let other = CIELab(
        l: second.l + Double.random(in: -1e-8...1e-8, using: &generator),
        a: second.a + Double.random(in: -1e-8...1e-8, using: &generator),
        b: second.b + Double.random(in: -1e-8...1e-8, using: &generator))
      let margin = LargestShiftFinder.margin
      if ColorDifference.ciede2000CloseUpperBound(moved, other) + margin < exact { violations += 1 }
      if ColorDifference.ciede2000UpperBound(moved, other) + margin < exact { violations += 1 }
    }
    #expect(violations == 0)
  }

  @Test(
    "The vectorized bounds (C) match the close bound and, with the margin, never fall below CIEDE2000",
    arguments: [(16, false), (8, false), (16, true), (8, true)])
  func vectorizedBounds(sourceBits: Int, gray: Bool) throws {
    let transform = try #require(
      MatrixTransform(source: gray ? .gray(.sRGB) : .rgb(.displayP3), destination: .rgb(.sRGB)))
    let source = ColorTable(
      layout: gray ? .grayAlpha : .rgba, bitDepth: sourceBits, transform: transform, ofSource: true)
    let output = ColorTable(layout: .rgba, bitDepth: 8, transform: transform, ofSource: false)
    var generator = SplitMix64(state: UInt64(39 + sourceBits + (gray ? 1 : 0)))
    let maxCode = UInt64(source.maxCode)
    func key(_ maxCode: UInt64, gray: Bool) -> UInt64 {
      // Half anywhere, half near black and near white, where the cube root and its linear segment meet.
      let pick = { UInt64.random(in: 0...maxCode, using: &generator) }
      let edge = { Bool.random(using: &generator) ? UInt64.random(in: 0...(maxCode / 16), using: &generator) : maxCode }
      let channel = Bool.random(using: &generator) ? pick : edge
      return gray ? channel() : channel() << 32 | channel() << 16 | channel()
    }
    let count = 20_000
    let sourceKeys = (0..<count).map { _ in key(maxCode, gray: gray) }
    let outputKeys = (0..<count).map { _ in key(255, gray: false) }
    let bounds = Self.differenceBounds(source, output, sourceKeys, outputKeys)
    var (below, apart) = (0, 0.0)
    for index in 0..<count {
      let (first, second) = (source.lab(sourceKeys[index]), output.lab(outputKeys[index]))
      if bounds[index] + LargestShiftFinder.margin < ColorDifference.ciede2000(first, second) { below += 1 }
      apart = max(apart, abs(bounds[index] - ColorDifference.ciede2000CloseUpperBound(first, second)))
    }
    #expect(below == 0)
    // The near colors' 10^-9 moves the bound by a few 10^-6 at most (ΔH' is a square root of a difference that can
    // be near 0), far inside the margin.
    #expect(apart < 1e-4, "largest difference from the Swift bound on exact colors: \(apart)")
  }

  /// The kernel's quick bound (`gamut_quick_bound`) of two colors.
  static func quickBound(_ first: CIELab, _ second: CIELab) -> Double {
    gamut_quick_bound([first.l, first.a, first.b], [second.l, second.a, second.b])
  }

  /// Pairs where the quick bound's constants are nearest to failing: b on either side of its 1e-6 test and of 0,
  /// hues near 0, 77 (T's lowest in the upper half), 180, 275 (the rotation's peak) and 290 (T's lowest), opposite
  /// hues on the a axis (where the formula's mean hue jumps), chromas near 0 and 25 (where G turns), equal colors.
  static func adversarialPairs(_ generator: inout SplitMix64) -> [(CIELab, CIELab)] {
    func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
    var pairs: [(CIELab, CIELab)] = []
    let tinyB = [0, -0.0, 1e-6, 1.0000001e-6, 9.999999e-7, -1e-9, 1e-9, 2e-6, -2e-6]
    for hue in [0.0, 5, 77.29, 90, 175, 180, 185, 270, 275, 290.14, 355] {
      for chroma in [1e-7, 0.5, 3, 24, 25, 26, 60, 120] {
        let radians = hue * .pi / 180
        let color = CIELab(l: random(0...100), a: chroma * cos(radians), b: chroma * sin(radians))
        let moved = CIELab(
          l: color.l + random(-3...3), a: color.a * random(0.2...1.2) + random(-4...4),
          b: color.b * random(0.2...1.2) + random(-4...4))
        pairs.append((color, moved))
        pairs.append((color, CIELab(l: random(0...100), a: -color.a * random(0.5...2), b: -color.b)))
        for b in tinyB {
          pairs.append(
            (
              CIELab(l: color.l, a: color.a, b: b),
              CIELab(l: random(0...100), a: -color.a, b: tinyB.randomElement(using: &generator)!)
            ))
          pairs.append((CIELab(l: color.l, a: color.a, b: b), moved))
        }
        pairs.append((color, color))
      }
    }
    return pairs
  }

  @Test("The quick bound never falls below CIEDE2000: Sharma pairs, adversarial pairs and 1 000 000 seeded pairs")
  func quickNeverBelow() {
    var generator = SplitMix64(state: 3901)
    var pairs = AnalysisColorMathTests.sharmaPairs.map { ($0.0, $0.1) }
    pairs += Self.adversarialPairs(&generator)
    for index in 0..<1_000_000 { pairs.append(Self.pair(index, &generator)) }
    var violations: [String] = []
    for (first, second) in pairs {
      let exact = ColorDifference.ciede2000(first, second)
      for bound in [Self.quickBound(first, second), Self.quickBound(second, first)]
      where bound < exact - 1e-12 && violations.count < 5 {
        violations.append("\(first) \(second): \(bound) < \(exact)")
      }
    }
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test("The quick bound from colors off by the near CIELAB's error, plus the margin, never falls below CIEDE2000")
  func quickMarginCoversNearColors() {
    var generator = SplitMix64(state: 3902)
    var pairs = Self.adversarialPairs(&generator)
    for index in 0..<400_000 { pairs.append(Self.pair(index, &generator)) }
    var below = 0
    for (first, second) in pairs {
      let move = { (color: CIELab) in
        CIELab(
          l: color.l + Double.random(in: -1e-8...1e-8, using: &generator),
          a: color.a + Double.random(in: -1e-8...1e-8, using: &generator),
          b: color.b + Double.random(in: -1e-8...1e-8, using: &generator))
      }
      let bound = Self.quickBound(move(first), move(second))
      if bound + LargestShiftFinder.margin < ColorDifference.ciede2000(first, second) { below += 1 }
    }
    #expect(below == 0)
  }

  @Test(
    "T, the hue weight's factor, is at least the quick bound's constants: 0.5785 on [0, 180] degrees, 0.362 anywhere")
  func hueFactorMinimum() {
    func t(_ degrees: Double) -> Double {
      let radians = { (value: Double) in value * .pi / 180 }
      return 1 - 0.17 * cos(radians(degrees - 30)) + 0.24 * cos(radians(2 * degrees))
        + 0.32 * cos(radians(3 * degrees + 6)) - 0.20 * cos(radians(4 * degrees - 63))
    }
    // A grid of 1e-4 degrees: between its points T moves by at most 2.41 per radian times 0.5e-4 degrees, under 3e-6.
    var (upper, all) = (Double.infinity, Double.infinity)
    for step in 0...3_600_000 {
      let value = t(Double(step) * 1e-4)
      all = min(all, value)
      if step <= 1_800_000 { upper = min(upper, value) }
    }
    #expect(upper - 3e-6 >= 0.5785 && all - 3e-6 >= 0.362, "lowest T: \(upper) on [0, 180], \(all) anywhere")
  }

  @Test(
    "With a floor, the kernel gives the quick bound up to the floor and the close bound above it, never below the formula",
    arguments: [false, true])
  func kernelFloor(gray: Bool) throws {
    let transform = try #require(
      MatrixTransform(source: gray ? .gray(.sRGB) : .rgb(.displayP3), destination: .rgb(.sRGB)))
    let source = ColorTable(layout: gray ? .gray : .rgb, bitDepth: 16, transform: transform, ofSource: true)
    let output = ColorTable(layout: .rgb, bitDepth: 8, transform: transform, ofSource: false)
    var generator = SplitMix64(state: 3903)
    let count = 20_000
    let channel = { (maxCode: UInt64) in UInt64.random(in: 0...maxCode, using: &generator) }
    let sourceKeys = (0..<count).map { _ in
      gray ? channel(65535) : channel(65535) << 32 | channel(65535) << 16 | channel(65535)
    }
    let outputKeys = (0..<count).map { _ in channel(255) << 32 | channel(255) << 16 | channel(255) }
    func bounds(floor: Double) -> [Double] {
      Self.differenceBounds(source, output, sourceKeys, outputKeys, floor: floor)
    }
    // A floor of infinity gives every pair's quick bound, a negative one every pair's close bound.
    let (close, quick) = (bounds(floor: -1), bounds(floor: .infinity))
    for floor in [0, 5, 20, 40, Double.infinity] {
      var (below, wrong) = (0, 0)
      for (index, bound) in bounds(floor: floor).enumerated() {
        let (first, second) = (source.lab(sourceKeys[index]), output.lab(outputKeys[index]))
        if bound + LargestShiftFinder.margin < ColorDifference.ciede2000(first, second) { below += 1 }
        if bound != (quick[index] <= floor ? quick[index] : close[index]) { wrong += 1 }
        if abs(quick[index] - Self.quickBound(first, second)) > 1e-4 { wrong += 1 }
      }
      #expect(below == 0 && wrong == 0, "floor \(floor): \(below) below the formula, \(wrong) not the expected bound")
    }
  }

  /// The `index`th test pair: a quarter close together (clipping shifts), a quarter anywhere, a quarter with
  /// nearly opposite hues (the mean hue's discontinuity), a quarter near the neutral axis or with equal hues.
  static func pair(_ index: Int, _ generator: inout SplitMix64) -> (CIELab, CIELab) {
    func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
    let first = CIELab(l: random(0...100), a: random(-130...130), b: random(-130...130))
    switch index % 4 {
    case 0:
      return (first, CIELab(l: first.l + random(-8...8), a: first.a + random(-20...20), b: first.b + random(-20...20)))
    case 1:
      return (first, CIELab(l: random(0...100), a: random(-130...130), b: random(-130...130)))
    case 2:
      let scale = -random(0.05...3)
      let turn = random(-0.05...0.05)
      return (
        first,
        CIELab(
          l: first.l + random(-5...5), a: scale * (first.a * cos(turn) - first.b * sin(turn)),
          b: scale * (first.a * sin(turn) + first.b * cos(turn)))
      )
    default:
      let neutral = CIELab(l: first.l, a: random(-2...2), b: random(-2...2))
      let sameHue = CIELab(l: random(0...100), a: first.a * random(0...1.5), b: first.b * random(0...1.5))
      return index % 8 == 3
        ? (neutral, CIELab(l: random(0...100), a: random(-3...3), b: random(-3...3))) : (first, sameHue)
    }
  }

  /// `ColorTable.differenceBounds` of each pair of keys (source key in `source`, output key in `output`) above
  /// `floor` (a negative floor: every pair's close bound).
  static func differenceBounds(
    _ source: ColorTable, _ output: ColorTable, _ sourceKeys: [UInt64], _ outputKeys: [UInt64], floor: Double = -1
  ) -> [Double] {
    var bounds = [Double](repeating: 0, count: sourceKeys.count)
    sourceKeys.withUnsafeBufferPointer { sources in
      outputKeys.withUnsafeBufferPointer { outputs in
        bounds.withUnsafeMutableBufferPointer {
          ColorTable.differenceBounds(
            first: source, second: output, firstKeys: sources.baseAddress!, secondKeys: outputs.baseAddress!,
            count: sourceKeys.count, floor: floor, into: $0.baseAddress!)
        }
      }
    }
    return bounds
  }
}
