/// Renders where clipping happens: an 8-bit RGB image of the rendition in dimmed gray with findings painted over.
///
/// Colors: plateau pixels yellow (255, 230, 0); pixels whose distinction from a neighbour was lost cyan
/// (0, 220, 255); other out-of-gamut pixels a magenta tint (55 %) over the dimmed gray, so shapes stay readable. Everything else is the rendition's luma
/// (Rec. 709 weights on the encoded values) scaled to 40 % and lifted by 24, so highlights stand out; pixels that
/// are not visible are black.
enum ClippingMap {
  /// The map of `classification` over `rendition` (same size, any layout and depth).
  static func render(rendition: PixelBuffer, classification: PixelClassification) -> PixelBuffer {
    precondition(
      rendition.width == classification.width && rendition.height == classification.height,
      "the classification does not match the rendition")
    var samples = [UInt8](repeating: 0, count: rendition.width * rendition.height * 3)
    let stride = rendition.layout.channels
    let gray = rendition.layout.isGray
    let value: (Int) -> Double
    switch rendition.samples {
    case .eight(let codes): value = { Double(codes[$0]) / 255 }
    case .sixteen(let codes): value = { Double(codes[$0]) / 65535 }
    }
    for y in 0..<rendition.height {
      for x in 0..<rendition.width {
        let flags = classification[x, y]
        let color: (UInt8, UInt8, UInt8)
        if !flags.contains(.visible) {
          color = (0, 0, 0)
        } else if flags.contains(.plateau) {
          color = (255, 230, 0)
        } else if flags.contains(.lostDistinction) {
          color = (0, 220, 255)
        } else {
          let i = (y * rendition.width + x) * stride
          let luma = gray ? value(i) : 0.2126 * value(i) + 0.7152 * value(i + 1) + 0.0722 * value(i + 2)
          let dimmed = 24 + 0.4 * 255 * luma
          if flags.contains(.outOfGamut) {
            // A magenta tint that keeps the artwork's shapes readable underneath.
            let tinted = (UInt8((0.45 * dimmed + 0.55 * 255).rounded()), UInt8((0.45 * dimmed).rounded()))
            color = (tinted.0, tinted.1, tinted.0)
          } else {
            let level = UInt8(dimmed.rounded())
            color = (level, level, level)
          }
        }
        let index = (y * rendition.width + x) * 3
        samples[index] = color.0
        samples[index + 1] = color.1
        samples[index + 2] = color.2
      }
    }
    return PixelBuffer(width: rendition.width, height: rendition.height, layout: .rgb, samples: .eight(samples))
  }
}
