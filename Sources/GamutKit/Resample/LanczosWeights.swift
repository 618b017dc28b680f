import Foundation

/// The taps of a one-dimensional Lanczos-3 resampling from `sourceCount` samples to `targetCount`: for each output
/// sample, the source samples it reads and their weights, which add up to 1.
///
/// Output sample `i` is centred on source position `(i + 0.5) * scale - 0.5`, with `scale = sourceCount /
/// targetCount`, so pixel areas line up edge to edge. When downscaling, the kernel is stretched by `scale` (it then
/// reaches `3 * scale` source samples either side), which makes it a low-pass filter at the new sampling rate.
/// Beyond the edges the image is mirrored about its first and last samples (whole-sample symmetry: sample `-1` is
/// sample `1`), which keeps a pattern of alternating lines alternating up to the border.
struct LanczosWeights: Sendable {
  /// The kernel's half-width in lobes.
  static let lobes = 3.0

  /// Source indices, `tapsPerSample` per output sample, in output order.
  let indices: [Int]
  /// The weight of each index in `indices`.
  let weights: [Double]
  /// Taps per output sample (the same for every output sample).
  let tapsPerSample: Int

  init(sourceCount: Int, targetCount: Int) {
    precondition(sourceCount > 0 && targetCount > 0, "resampling needs samples")
    let scale = Double(sourceCount) / Double(targetCount)
    let stretch = max(scale, 1)
    let support = Self.lobes * stretch
    let taps = Int((support * 2).rounded(.up)) + 1
    var indices: [Int] = []
    var weights: [Double] = []
    indices.reserveCapacity(taps * targetCount)
    weights.reserveCapacity(taps * targetCount)
    for output in 0..<targetCount {
      let center = (Double(output) + 0.5) * scale - 0.5
      let first = Int((center - support).rounded(.up))
      var row: [Double] = []
      row.reserveCapacity(taps)
      for tap in 0..<taps {
        row.append(Self.kernel((Double(first + tap) - center) / stretch))
      }
      let sum = row.reduce(0, +)
      for tap in 0..<taps {
        indices.append(Self.mirrored(first + tap, count: sourceCount))
        weights.append(row[tap] / sum)
      }
    }
    self.indices = indices
    self.weights = weights
    tapsPerSample = taps
  }

  /// Lanczos-3: `sinc(x) * sinc(x / 3)` inside three lobes, zero outside.
  static func kernel(_ x: Double) -> Double {
    let distance = abs(x)
    guard distance < lobes else { return 0 }
    guard distance > 1e-12 else { return 1 }
    let pix = Double.pi * distance
    return lobes * sin(pix) * sin(pix / lobes) / (pix * pix)
  }

  /// The sample an index outside `0..<count` stands for, reflecting about the end samples as often as needed.
  static func mirrored(_ index: Int, count: Int) -> Int {
    guard count > 1 else { return 0 }
    let period = 2 * (count - 1)
    var folded = index % period
    if folded < 0 { folded += period }
    return folded < count ? folded : period - folded
  }
}
