/// The transparency of an app icon's pixels, counted a strip at a time: how many are not fully opaque, the lowest
/// alpha, and how many are visibly transparent where the icon is seen. Near-opaque pixels (alpha of at least
/// ``nearOpaque``, a step no one sees) and pixels in the corners the system's icon mask cuts away are not visible.
///
/// The mask is taken as a rounded square whose corners have a radius of ``cornerRadius`` of the side: smaller
/// than Apple's iOS mask (about 22 % of the side, with continuous corners) and watchOS's circle, so a pixel it calls
/// hidden is hidden on every platform.
struct IconAlpha {
  /// The lowest alpha (of 255) that no one tells from opaque.
  static let nearOpaque = 250
  /// The corner radius of the mask, as a share of the icon's side.
  static let cornerRadius = 0.15

  private(set) var translucent = 0
  private(set) var visible = 0
  /// The lowest alpha seen, scaled to 0-255.
  private(set) var lowest = 255
  let width: Int
  let height: Int

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Counts `rows`, whose first row is row `firstRow` of the icon. Opaque pixels, nearly all of them, cost a
  /// comparison each.
  mutating func add(_ rows: PixelBuffer, firstRow: Int) {
    guard rows.layout.hasAlpha else { return }
    switch rows.samples {
    case .eight(let samples): count(samples, full: 255, shift: 0, channels: rows.layout.channels, rows, firstRow)
    case .sixteen(let samples): count(samples, full: 65535, shift: 8, channels: rows.layout.channels, rows, firstRow)
    }
  }

  private mutating func count<Sample: FixedWidthInteger>(
    _ samples: [Sample], full: Sample, shift: Int, channels: Int, _ rows: PixelBuffer, _ firstRow: Int
  ) {
    samples.withUnsafeBufferPointer { samples in
      var index = channels - 1
      var pixel = 0
      while index < samples.count {
        let value = samples[index]
        if value != full {
          let alpha = Int(value) >> shift
          translucent += 1
          lowest = min(lowest, alpha)
          if alpha < Self.nearOpaque, isShown(x: pixel % rows.width, y: firstRow + pixel / rows.width) { visible += 1 }
        }
        index += channels
        pixel += 1
      }
    }
  }

  /// Whether the pixel at (x, y) lies inside the mask.
  func isShown(x: Int, y: Int) -> Bool {
    let radius = Self.cornerRadius * Double(min(width, height))
    let px = Double(x) + 0.5
    let py = Double(y) + 0.5
    let cx = px < radius ? radius : (px > Double(width) - radius ? Double(width) - radius : px)
    let cy = py < radius ? radius : (py > Double(height) - radius ? Double(height) - radius : py)
    let (dx, dy) = (px - cx, py - cy)
    return dx * dx + dy * dy <= radius * radius
  }

  /// `194679 pixels are not fully opaque (lowest alpha 254 of 255; none visibly transparent)`.
  var summary: String {
    let seen: String
    switch visible {
    case 0 where lowest >= Self.nearOpaque: seen = "all near-opaque, which no one sees"
    case 0: seen = "visibly transparent only in the corners the icon mask cuts away"
    default: seen = "\(visible) visibly transparent where the icon is seen"
    }
    return "\(translucent) pixel\(translucent == 1 ? " is" : "s are") not fully opaque (lowest alpha \(lowest) of 255; "
      + "\(seen))"
  }
}
