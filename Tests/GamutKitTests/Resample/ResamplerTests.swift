import Foundation
import Testing

@testable import GamutKit

@Suite struct ResamplerTests {
  /// An 8-bit image from a function of (x, y) giving each pixel's samples.
  private func image8(_ width: Int, _ height: Int, _ layout: PixelBuffer.Layout, _ pixel: (Int, Int) -> [UInt8])
    -> PixelBuffer
  {
    var samples: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { samples += pixel(x, y) }
    }
    return PixelBuffer(width: width, height: height, layout: layout, samples: .eight(samples))
  }

  private func samples8(_ pixels: PixelBuffer) -> [UInt8] {
    guard case .eight(let values) = pixels.samples else { return [] }
    return values
  }

  @Test(arguments: [true, false])
  func blackAndWhiteLinesHalveToLinearMidGrey(horizontal: Bool) {
    let lines = image8(24, 24, .rgb) { x, y in
      let white = (horizontal ? y : x) % 2 == 1
      return Array(repeating: white ? 255 : 0, count: 3)
    }
    let half = Resampler(lines).resized(width: 12, height: 12)
    // Linear 0.5 is sRGB 0.7354, code 187.5; averaging the codes would give 128.
    let values = samples8(half)
    #expect(values.count == 12 * 12 * 3)
    #expect(values.allSatisfy { (187...188).contains($0) }, "\(Set(values).sorted())")
  }

  @Test func grayLinesHalveToLinearMidGreyToo() {
    let lines = image8(16, 8, .gray) { x, _ in [x % 2 == 0 ? 255 : 0] }
    let half = Resampler(lines).resized(width: 8, height: 4)
    #expect(half.layout == .gray)
    #expect(samples8(half).allSatisfy { (187...188).contains($0) })
  }

  @Test(arguments: [(48, 24), (48, 16), (48, 7), (48, 1)])
  func whiteShapeOnTransparencyGainsNoDarkFringe(size: Int, target: Int) {
    // A white disc with an anti-aliased edge on fully transparent black, the way exports store empty pixels.
    let radius = Double(size) * 0.35
    let disc = image8(size, size, .rgba) { x, y in
      var covered = 0
      for j in 0..<4 {
        for i in 0..<4 {
          let dx = Double(x) + (Double(i) + 0.5) / 4 - Double(size) / 2
          let dy = Double(y) + (Double(j) + 0.5) / 4 - Double(size) / 2
          if dx * dx + dy * dy <= radius * radius { covered += 1 }
        }
      }
      let alpha = UInt8((Double(covered) / 16 * 255).rounded())
      return alpha == 0 ? [0, 0, 0, 0] : [255, 255, 255, alpha]
    }
    let small = Resampler(disc).resized(width: target, height: target)
    let values = samples8(small)
    var visible = 0
    for pixel in stride(from: 0, to: values.count, by: 4) where values[pixel + 3] > 0 {
      visible += 1
      #expect(Array(values[pixel..<pixel + 3]) == [255, 255, 255], "pixel \(pixel / 4): \(values[pixel..<pixel + 4])")
    }
    #expect(visible > 0)
  }

  @Test(
    arguments: [
      [200, 30, 90, 255], [200, 30, 90, 128], [0, 0, 0, 255], [255, 255, 255, 1], [1, 254, 127, 77],
    ] as [[UInt8]])
  func flatColorStaysExactlyThatColorAtEverySize(color: [UInt8]) {
    let flat = image8(40, 40, .rgba) { _, _ in color }
    let resampler = Resampler(flat)
    for size in 1...40 {
      let values = samples8(resampler.resized(width: size, height: size))
      #expect(values == [UInt8]([[UInt8]](repeating: color, count: size * size).joined()), "size \(size)")
    }
  }

  @Test func flatSixteenBitDisplayP3ColorStaysExact() {
    let color: [UInt16] = [61_000, 1_234, 40_001]
    let flat = PixelBuffer(
      width: 32, height: 32, layout: .rgb,
      samples: .sixteen([UInt16]([[UInt16]](repeating: color, count: 32 * 32).joined())))
    let resampler = Resampler(flat)
    for size in [1, 3, 16, 31] {
      let small = resampler.resized(width: size, height: size)
      #expect(small.bitDepth == 16 && small.layout == .rgb)
      #expect(small.samples == .sixteen([UInt16]([[UInt16]](repeating: color, count: size * size).joined())))
    }
  }

  @Test func sameSizeReturnsTheSamePixels() {
    let noise = image8(9, 5, .rgba) { x, y in
      let alpha = UInt8((x * 37 + y * 11) % 255 + 1)
      return [UInt8((x * 53 + y * 97) % 256), UInt8((x * 13) % 256), UInt8((y * 71) % 256), alpha]
    }
    let same = Resampler(noise).resized(width: 9, height: 5)
    // Each color sample round-trips through linear light and premultiplication to within one code.
    for (a, b) in zip(samples8(noise), samples8(same)) { #expect(abs(Int(a) - Int(b)) <= 1) }
  }

  @Test func weightsAddUpToOneAndMirrorAtTheEdges() {
    for (source, target) in [(1024, 16), (1024, 1000), (10, 3), (7, 7), (5, 1), (2, 1)] {
      let filter = LanczosWeights(sourceCount: source, targetCount: target)
      for output in 0..<target {
        let taps = (output * filter.tapsPerSample)..<((output + 1) * filter.tapsPerSample)
        let sum = taps.reduce(0.0) { $0 + filter.weights[$1] }
        #expect(abs(sum - 1) < 1e-12)
        #expect(taps.allSatisfy { (0..<source).contains(filter.indices[$0]) })
      }
    }
    #expect(LanczosWeights.mirrored(-1, count: 5) == 1)
    #expect(LanczosWeights.mirrored(5, count: 5) == 3)
    #expect(LanczosWeights.mirrored(-9, count: 5) == 1)
    #expect(LanczosWeights.kernel(0) == 1)
    #expect(abs(LanczosWeights.kernel(1)) < 1e-15 && LanczosWeights.kernel(3) == 0)
  }
}
