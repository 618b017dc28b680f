internal import GamutColorC

/// The colors of one kind of pixel buffer (a layout, a bit depth and a color space): each pixel's color samples
/// packed into a key for equality tests, and CIELAB (D50) computed from a key.
struct ColorTable: Sendable {
  /// Samples per pixel, alpha included.
  let channels: Int
  /// Color samples per pixel: 1 for gray, 3 for RGB.
  let colorChannels: Int
  /// The largest code: 255 or 65535.
  let maxCode: Int
  /// The linear value of every possible code, channel after channel in one array: no `pow` per pixel.
  let linear: [Double]
  private let toXYZD50: Matrix3

  /// A table for buffers with `layout` and `bitDepth` whose color channels are the source (`ofSource`) or the
  /// destination of `transform`.
  init(layout: PixelBuffer.Layout, bitDepth: Int, transform: MatrixTransform, ofSource: Bool) {
    channels = layout.channels
    colorChannels = layout.isGray ? 1 : 3
    maxCode = bitDepth == 16 ? 65535 : 255
    linear = transform.linearValues(ofSource: ofSource, bitDepth: bitDepth)
    toXYZD50 = (ofSource ? transform.source : transform.destination).toXYZD50
  }

  /// Writes the keys of `count` pixels of `samples`, the first at `pixel`: the color samples packed 16 bits apart
  /// (red highest; a gray pixel's key is its gray code), so that equal keys mean identical colors
  /// (`gamut_pixel_keys`, several pixels at a time).
  func keys(
    _ samples: PixelBuffer.Samples, from pixel: Int, count: Int, into keys: UnsafeMutablePointer<UInt64>
  ) {
    switch samples {
    case .eight(let values):
      values.withUnsafeBufferPointer { gamut_pixel_keys($0.baseAddress! + pixel * channels, 0, channels, count, keys) }
    case .sixteen(let values):
      values.withUnsafeBufferPointer { gamut_pixel_keys($0.baseAddress! + pixel * channels, 1, channels, count, keys) }
    }
  }

  /// The smallest alpha code that `code / maxCode > alphaThreshold` finds visible, as the analysis has always
  /// computed it (`Double(code) * (1 / Double(maxCode))`; `maxCode + 1` when no code is): the product never
  /// decreases as the code grows, so a code is visible exactly when it is at least this one. Without alpha, 0 when
  /// alpha 1 is above the threshold, else 1 (the convention of `gamut_classify_flags`).
  func visibleCode(above alphaThreshold: Double) -> UInt32 {
    guard channels != colorChannels else { return 1 > alphaThreshold ? 0 : 1 }
    let scale = 1 / Double(maxCode)
    // Codes below `low` are not above the threshold, codes from `high` on are.
    var (low, high) = (0, maxCode + 1)
    while low < high {
      let middle = (low + high) / 2
      if Double(middle) * scale > alphaThreshold { high = middle } else { low = middle + 1 }
    }
    return UInt32(low)
  }

  /// Upper bounds of CIEDE2000 between `count` pairs of colors, `firstKeys[i]` of `first` and `secondKeys[i]` of
  /// `second`, into `bounds`, computed several pairs at a time in C (`gamut_difference_bounds`: the close bound of
  /// `ColorDifference.ciede2000CloseUpperBound` on CIELAB values within 10^-9 of ``lab(_:)``'s). With a `floor` of 0 or
  /// more, a pair whose cheaper quick bound (`gamut_quick_bound`) is at most `floor` gets that one instead: a caller
  /// that asks which pairs may exceed a value passes that value less the margin. A caller adds
  /// `LargestShiftFinder.margin` before relying on a bound.
  static func differenceBounds(
    first: ColorTable, second: ColorTable, firstKeys: UnsafePointer<UInt64>, secondKeys: UnsafePointer<UInt64>,
    count: Int, floor: Double = -1, into bounds: UnsafeMutablePointer<Double>
  ) {
    first.linear.withUnsafeBufferPointer { firstLinear in
      second.linear.withUnsafeBufferPointer { secondLinear in
        var from = first.cTable(firstLinear.baseAddress!)
        var to = second.cTable(secondLinear.baseAddress!)
        gamut_difference_bounds(&from, &to, firstKeys, secondKeys, count, floor, bounds)
      }
    }
  }

  /// This table for `GamutColorC`'s functions, with its linear values at `linear`.
  func cTable(_ linear: UnsafePointer<Double>) -> gamut_color_table {
    let m = toXYZD50
    return gamut_color_table(
      linear: linear, codes: UInt32(maxCode + 1), gray: colorChannels == 1 ? 1 : 0,
      to_xyz: (m.row0.x, m.row0.y, m.row0.z, m.row1.x, m.row1.y, m.row1.z, m.row2.x, m.row2.y, m.row2.z))
  }

  /// The CIELAB color (ICC D50 white) of the color packed in `key`.
  func lab(_ key: UInt64) -> CIELab {
    CIELab(xyz: xyz(key))
  }

  /// The XYZ (D50) of the color packed in `key`.
  @inline(__always)
  private func xyz(_ key: UInt64) -> SIMD3<Double> {
    let codes = maxCode + 1
    let red: Int
    let green: Int
    let blue: Int
    if colorChannels == 1 {
      (red, green, blue) = (Int(key), Int(key), Int(key))
    } else {
      red = Int(key >> 32)
      green = Int(key >> 16 & 0xFFFF)
      blue = Int(key & 0xFFFF)
    }
    let values = SIMD3(linear[red], linear[codes + green], linear[2 * codes + blue])
    return toXYZD50 * values
  }
}
