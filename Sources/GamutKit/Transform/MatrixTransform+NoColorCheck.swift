extension MatrixTransform {
  /// The test of ``MatrixTransform/movesNoColor(source:destination:linearMatrix:throughInverses:)`` between two RGB
  /// spaces: whether the ramps of each primary and of gray, and a 9x9x9 lattice, convert within half an 8-bit code
  /// of their inputs.
  struct NoColorCheck {
    /// Per destination channel, the linear values between which a value lies within half a code.
    typealias Window = (low: SIMD3<Double>, high: SIMD3<Double>)

    private let linearMatrix: Matrix3
    private let from: (ToneCurve, ToneCurve, ToneCurve)
    private let to: (ToneCurve, ToneCurve, ToneCurve)
    /// Whether the second and third curves are the first one, so that it is evaluated once for all three.
    private let sourceShared: (Bool, Bool)
    private let destinationShared: (Bool, Bool)
    /// Whether the destination curves rise, so that the test is done in linear light against windows.
    private let rising: Bool
    private let half = 0.5 / 255
    /// The window of a color when the test is done through the inverse curves instead.
    private let none: Window = (low: SIMD3<Double>(), high: SIMD3<Double>())

    init(source: ColorSpaceModel, destination: ColorSpaceModel, linearMatrix: Matrix3, throughInverses: Bool) {
      self.linearMatrix = linearMatrix
      let (from, to) = (source.curves, destination.curves)
      self.from = (from[0], from[1], from[2])
      self.to = (to[0], to[1], to[2])
      sourceShared = (from[1] == from[0], from[2] == from[0])
      destinationShared = (to[1] == to[0], to[2] == to[0])
      rising =
        !throughInverses && to.allSatisfy { if case .parametric(let curve) = $0 { curve.isRising } else { false } }
    }

    /// Whether every row of `matrix` is within 10^-3 of the identity's.
    static func isNearIdentity(_ matrix: Matrix3) -> Bool {
      let rows = [matrix.row0, matrix.row1, matrix.row2]
      for (index, row) in rows.enumerated() {
        var unit = SIMD3<Double>()
        unit[index] = 1
        guard ((row - unit) * (row - unit)).max() <= 1e-6 else { return false }
      }
      return true
    }

    /// Whether the red, green and blue ramps (the others at black) and the gray ramp, of 4096 steps each, keep their
    /// colors.
    func rampsKeepColors() -> Bool {
      let black = evaluate(from, shared: sourceShared, at: 0)
      let atBlack = rising ? windows(0) : none
      let steps = 4096
      for step in 0...steps {
        let t = Double(step) / Double(steps)
        let lit = evaluate(from, shared: sourceShared, at: t)
        let atT = rising ? windows(t) : none
        for channel in 0..<3 {
          var (linear, encoded, window) = (black, SIMD3<Double>(), atBlack)
          linear[channel] = lit[channel]
          encoded[channel] = t
          window.low[channel] = atT.low[channel]
          window.high[channel] = atT.high[channel]
          guard keeps(linear, encoded, window) else { return false }
        }
        guard keeps(lit, SIMD3(repeating: t), atT) else { return false }
      }
      return true
    }

    /// Whether every color of the 9x9x9 lattice of codes keeps its color.
    func latticeKeepsColors() -> Bool {
      let lattice = (0...8).map { Double($0) / 8 }
      let linear = lattice.map { evaluate(from, shared: sourceShared, at: $0) }
      let latticeWindows = lattice.map { rising ? windows($0) : none }
      for r in lattice.indices {
        for g in lattice.indices {
          for b in lattice.indices {
            let color = SIMD3(linear[r].x, linear[g].y, linear[b].z)
            let window = (
              low: SIMD3(latticeWindows[r].low.x, latticeWindows[g].low.y, latticeWindows[b].low.z),
              high: SIMD3(latticeWindows[r].high.x, latticeWindows[g].high.y, latticeWindows[b].high.z)
            )
            guard keeps(color, SIMD3(lattice[r], lattice[g], lattice[b]), window) else { return false }
          }
        }
      }
      return true
    }

    /// The three curves at `x`, each distinct curve evaluated once (channels usually share one).
    @inline(__always) private func evaluate(
      _ curves: (ToneCurve, ToneCurve, ToneCurve), shared: (Bool, Bool), at x: Double
    ) -> SIMD3<Double> {
      let first = curves.0.evaluate(x)
      return SIMD3(first, shared.0 ? first : curves.1.evaluate(x), shared.1 ? first : curves.2.evaluate(x))
    }

    /// Per destination channel, the linear values between which a value lies within half a code of `t`.
    @inline(__always) private func windows(_ t: Double) -> Window {
      (
        t - half < 0 ? SIMD3(repeating: -.infinity) : evaluate(to, shared: destinationShared, at: t - half),
        t + half > 1 ? SIMD3(repeating: .infinity) : evaluate(to, shared: destinationShared, at: t + half)
      )
    }

    /// Whether the source color with linear values `linear`, encoded `encoded`, converts within half a code of it;
    /// `window` is the windows of `encoded`'s channels when the destination curves rise.
    @inline(__always) private func keeps(_ linear: SIMD3<Double>, _ encoded: SIMD3<Double>, _ window: Window) -> Bool {
      let out = (linearMatrix * linear).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
      guard rising else {
        let moved = SIMD3(to.0.inverse(out.x), to.1.inverse(out.y), to.2.inverse(out.z)) - encoded
        return max(abs(moved.x), abs(moved.y), abs(moved.z)) * 255 < 0.5
      }
      return all(out .> window.low) && all(out .< window.high)
    }
  }
}
