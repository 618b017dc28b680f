/// What the pixel checks of one image count while its strips go by: whether 8 bits hold a 16-bit file, whether a
/// display-P3 rendition has a visible pixel outside sRGB, and the white area of a dark rendition. Each question is
/// nil when not asked; ``isSettled`` says when no further strip can change an answer, so that reading may stop.
struct PixelTally {
  /// Whether every 16-bit sample so far is an 8-bit value repeated (v x 257); nil when not asked.
  private(set) var eightBitsHold: Bool?
  /// Whether a visible pixel (alpha above 0) fell outside sRGB so far; nil when not asked.
  private(set) var leavesSRGB: Bool?
  /// The white area of a dark rendition's sRGB pixels; nil when not asked.
  private(set) var white: ImageChecks.WhiteArea?

  init(sixteen: Bool, displayP3Slot: Bool, dark: Bool) {
    eightBitsHold = sixteen ? true : nil
    leavesSRGB = displayP3Slot ? false : nil
    white = dark ? ImageChecks.WhiteArea() : nil
  }

  /// Whether no strip still to come can change an answer: the 16-bit question answered no, a pixel outside sRGB
  /// seen, and no white area to count.
  var isSettled: Bool {
    eightBitsHold != true && leavesSRGB != false && white == nil
  }

  /// Counts a strip as the file holds it.
  mutating func addFileRows(_ rows: PixelBuffer) {
    if eightBitsHold == true, case .sixteen(let samples) = rows.samples {
      eightBitsHold = samples.allSatisfy { $0 % 257 == 0 }
    }
  }

  /// Counts a strip converted to sRGB, with the pixels the conversion found outside sRGB when it measured them.
  mutating func addSRGBRows(_ srgb: PixelBuffer, outOfGamut: [Bool]?, source: PixelBuffer) {
    white?.add(srgb)
    guard leavesSRGB == false, let outOfGamut else { return }
    let channels = source.layout.channels
    let alpha = source.layout.hasAlpha ? channels - 1 : nil
    for (pixel, outside) in outOfGamut.enumerated() where outside {
      guard let alpha else {
        leavesSRGB = true
        return
      }
      let visible: Bool
      switch source.samples {
      case .eight(let samples): visible = samples[pixel * channels + alpha] > 0
      case .sixteen(let samples): visible = samples[pixel * channels + alpha] > 0
      }
      if visible {
        leavesSRGB = true
        return
      }
    }
  }
}
