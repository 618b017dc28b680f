import Testing

@testable import GamutKit

/// The checks that learned from real catalogs: rounding between scales, white on transparency, inverted gamma.
@Suite struct ImageChecksTests {
  private func sizes(_ images: [(Int, Int)]) -> [String] {
    ImageChecks.sizeDiagnostics(
      images.map { (RenditionTraits(scale: $0.0), "a@\($0.0)x.png", $0.1, $0.1) }
    ).map(\.code.rawValue)
  }

  @Test func scalesMayRoundByOnePixel() {
    #expect(sizes([(1, 25), (2, 49), (3, 74)]) == [])  // 24.6 pt
    #expect(sizes([(1, 25), (2, 51), (3, 76)]) == [])
    #expect(sizes([(2, 67), (3, 100)]) == [])  // 33.4 pt
    #expect(sizes([(2, 67), (3, 101)]) == [])
    #expect(sizes([(1, 25), (2, 52)]) == ["scale-size-mismatch"])
    #expect(sizes([(1, 10), (3, 32)]) == ["scale-size-mismatch"])
    #expect(sizes([(1, 10), (2, 40)]) == ["scale-size-mismatch"])
  }

  /// A 10x10 RGBA image: `white` opaque white pixels, `black` opaque black pixels, the rest transparent.
  private func whiteArea(white: Int, black: Int) -> ImageChecks.WhiteArea {
    var samples: [UInt8] = []
    for index in 0..<100 {
      samples += index < white ? [255, 255, 255, 255] : index < white + black ? [0, 0, 0, 255] : [255, 255, 255, 0]
    }
    var area = ImageChecks.WhiteArea()
    area.add(PixelBuffer(width: 10, height: 10, layout: .rgba, samples: .eight(samples)))
    return area
  }

  @Test func whiteOnTransparencyIsForegroundNotBackground() {
    // A white logo on transparency: all of its visible pixels are white, but it has no background.
    #expect(whiteArea(white: 40, black: 0).diagnostic(path: "p", limit: 0.25) == nil)
    // A white background with a small dark mark.
    #expect(whiteArea(white: 90, black: 10).diagnostic(path: "p", limit: 0.25)?.code == "dark-white-area")
    // An opaque dark image with a little white.
    #expect(whiteArea(white: 20, black: 80).diagnostic(path: "p", limit: 0.25) == nil)
  }

  @Test func gammaAboveOneLooksInverted() {
    #expect(ImageChecks.invertedGammaDiagnostic(ColorChunks(gamma: 2.2), path: "p")?.code == "inverted-gamma")
    #expect(ImageChecks.invertedGammaDiagnostic(ColorChunks(gamma: 0.45455), path: "p") == nil)
    // The sRGB chunk decides over gAMA: the gamma is not used, so nothing to warn about.
    #expect(ImageChecks.invertedGammaDiagnostic(ColorChunks(sRGBIntent: 0, gamma: 2.2), path: "p") == nil)
  }
}
