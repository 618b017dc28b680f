import Dispatch
import Synchronization

extension ClippingAnalyzer {
  /// Examines pixel pairs at the configured distances for differences the rendition lost.
  ///
  /// Anchors lie on a lattice of `latticeStride` pixels in both directions (1: every pixel), thinned when the
  /// out-of-gamut pixels would take part in more pairs than `Options.pairBudget`; each anchor pairs with the pixels
  /// `distance` to its right and below. Every pair of visible pixels counts as examined, but only a pair with an
  /// out-of-gamut pixel can lose a distinction, so those pairs are reached from the out-of-gamut pixels, each pair
  /// once. Bands of rows run in parallel and are added up in band order: the same result on any core count.
  func lostDistinctions(
    width: Int, height: Int, flags: inout [PixelClassification.Flags], keys: [UInt64], visible: Int, outOfGamut: Int,
    source: ColorSampler, output: ColorSampler
  ) -> ClippingReport.LostDistinctions {
    let distances = options.pairDistances
    let threshold = options.distinctionDeltaE
    let estimate = Double(outOfGamut * 4 * distances.count)
    let stride = max(1, Int((estimate / Double(max(options.pairBudget, 1))).squareRoot().rounded(.up)))
    struct Partial {
      var examined = 0
      var eligible = 0
      var lost = 0
      var retention = 0.0
      var lostPixels: [Int] = []
    }
    let allVisible = visible == width * height
    let bands = min(height, 16)
    let partials = Mutex([Partial?](repeating: nil, count: bands))
    let classification = flags
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      var partial = Partial()
      /// Judges one pair of visible pixels, at least one of them out of gamut.
      func judge(_ anchor: Int, _ partner: Int, keys: UnsafeBufferPointer<UInt64>) {
        guard source.key(anchor) != source.key(partner) else { return }
        let anchorLab = source.lab(anchor)
        let partnerLab = source.lab(partner)
        guard ColorDifference.ciede2000UpperBound(anchorLab, partnerLab) >= threshold else { return }
        let sourceDeltaE = ColorDifference.ciede2000(anchorLab, partnerLab)
        guard sourceDeltaE >= threshold else { return }
        partial.eligible += 1
        var outputDeltaE = 0.0
        if keys[anchor] != keys[partner] {
          outputDeltaE = ColorDifference.ciede2000(output.lab(anchor), output.lab(partner))
        }
        partial.retention += min(outputDeltaE / sourceDeltaE, 1)
        if outputDeltaE < threshold {
          partial.lost += 1
          partial.lostPixels.append(anchor)
          partial.lostPixels.append(partner)
        }
      }
      classification.withUnsafeBufferPointer { flags in
        keys.withUnsafeBufferPointer { keys in
          /// Judges the pairs of the visible `anchor` at (`x`, `y`) that have an out-of-gamut pixel, and counts all
          /// its pairs as examined when `counting`.
          func pairs(of anchor: Int, x: Int, y: Int, counting: Bool) {
            let anchorOutside = flags[anchor].contains(.outOfGamut)
            func pair(_ partner: Int) {
              guard flags[partner].contains(.visible) else { return }
              if counting { partial.examined += 1 }
              if anchorOutside || flags[partner].contains(.outOfGamut) { judge(anchor, partner, keys: keys) }
            }
            for distance in distances {
              if x + distance < width { pair(anchor + distance) }
              if y + distance < height { pair(anchor + distance * width) }
            }
          }
          let rows = (height * band / bands)..<(height * (band + 1) / bands)
          if stride > 1 {
            // Dense out-of-gamut pixels: walk the lattice anchors.
            for y in rows where y % stride == 0 {
              for x in Swift.stride(from: 0, to: width, by: stride) where flags[y * width + x].contains(.visible) {
                pairs(of: y * width + x, x: x, y: y, counting: !allVisible)
              }
            }
            return
          }
          // Every pixel is an anchor: count the pairs in one pass where some pixels are hidden, and reach the pairs
          // worth judging from the out-of-gamut pixels.
          if !allVisible {
            partial.examined = Self.visiblePairs(
              flags: flags, width: width, height: height, rows: rows, distances: distances)
          }
          guard outOfGamut > 0 else { return }
          for y in rows {
            for x in 0..<width {
              let pixel = y * width + x
              guard flags[pixel].contains(.visible) && flags[pixel].contains(.outOfGamut) else { continue }
              pairs(of: pixel, x: x, y: y, counting: false)
              // This pixel as the partner of an anchor in gamut (an out-of-gamut anchor judges its own pairs).
              for distance in distances {
                if x >= distance && Self.isInGamutAndVisible(flags[pixel - distance]) {
                  judge(pixel - distance, pixel, keys: keys)
                }
                if y >= distance && Self.isInGamutAndVisible(flags[pixel - distance * width]) {
                  judge(pixel - distance * width, pixel, keys: keys)
                }
              }
            }
          }
        }
      }
      partials.withLock { $0[band] = partial }
    }
    var examined =
      allVisible ? Self.latticePairs(width: width, height: height, stride: stride, distances: distances) : 0
    var eligible = 0
    var lost = 0
    var retention = 0.0
    for partial in partials.withLock({ $0 }).compactMap({ $0 }) {
      examined += partial.examined
      eligible += partial.eligible
      lost += partial.lost
      retention += partial.retention
      for pixel in partial.lostPixels { flags[pixel].insert(.lostDistinction) }
    }
    return ClippingReport.LostDistinctions(
      examinedPairs: examined, eligiblePairs: eligible, lostPairs: lost,
      share: examined == 0 ? 0 : Double(lost) / Double(examined),
      shareOfEligible: eligible == 0 ? 0 : Double(lost) / Double(eligible),
      contrastRetention: eligible == 0 ? 1 : retention / Double(eligible), latticeStride: stride)
  }

  /// Whether a pixel takes part in the analysis and lies inside the gamut.
  @inline(__always)
  private static func isInGamutAndVisible(_ flags: PixelClassification.Flags) -> Bool {
    flags.contains(.visible) && !flags.contains(.outOfGamut)
  }

  /// The number of pairs of visible pixels whose anchor lies in `rows`, partners `distance` to the right or below.
  private static func visiblePairs(
    flags: UnsafeBufferPointer<PixelClassification.Flags>, width: Int, height: Int, rows: Range<Int>,
    distances: [Int]
  ) -> Int {
    let visible = PixelClassification.Flags.visible.rawValue
    var count = 0
    for distance in distances {
      for y in rows {
        let row = y * width
        if distance < width {
          for x in row..<(row + width - distance) {
            count &+= Int(flags[x].rawValue & flags[x + distance].rawValue & visible)
          }
        }
        if y + distance < height {
          for x in row..<(row + width) {
            count &+= Int(flags[x].rawValue & flags[x + distance * width].rawValue & visible)
          }
        }
      }
    }
    return count
  }

  /// The number of anchor-partner pairs inside a `width` x `height` image whose pixels are all visible: anchors on
  /// the lattice, partners `distance` to the right or below.
  private static func latticePairs(width: Int, height: Int, stride: Int, distances: [Int]) -> Int {
    /// Lattice positions `k * stride` below `limit`.
    func positions(below limit: Int) -> Int { limit <= 0 ? 0 : (limit + stride - 1) / stride }
    return distances.reduce(0) { total, distance in
      total + positions(below: width - distance) * positions(below: height)
        + positions(below: width) * positions(below: height - distance)
    }
  }
}
