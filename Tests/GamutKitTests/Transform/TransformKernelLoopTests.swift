import Testing

@testable import GamutKit

/// The C pixel loop (`gamut_transform_*`, vectorized) gives the same codes, alpha and out-of-gamut flags as the Swift
/// loop, bit for bit, for every pair of bit depths, with and without alpha, between spaces that clip and spaces
/// that do not.
@Suite struct TransformKernelLoopTests {
  static let pairs: [(RGBColorSpace, RGBColorSpace)] = [
    (.displayP3, .sRGB), (.sRGB, .displayP3), (.adobeRGB, .sRGB), (.proPhoto, .displayP3), (.rec2020, .sRGB),
  ]

  /// Pixels that reach every code of each channel (8 bits) or a spread of them (16 bits), the others random, and
  /// random alpha.
  static func image(bitDepth: Int, hasAlpha: Bool, seed: UInt64) -> PixelBuffer {
    let (width, height) = (509, 131)
    let channels = hasAlpha ? 4 : 3
    var random = SplitMix64(state: seed)
    let maxCode = bitDepth == 16 ? 65535 : 255
    var codes: [Int] = []
    for pixel in 0..<(width * height) {
      for channel in 0..<channels {
        // Every code in turn on one channel (a ramp through the gamut's edges), random on the others.
        let ramp = pixel * 257 % (maxCode + 1)
        codes.append(channel == pixel % 3 ? ramp : Int(random.next() % UInt64(maxCode + 1)))
      }
    }
    let samples: PixelBuffer.Samples =
      bitDepth == 16 ? .sixteen(codes.map { UInt16($0) }) : .eight(codes.map { UInt8($0) })
    return PixelBuffer(width: width, height: height, layout: hasAlpha ? .rgba : .rgb, samples: samples)
  }

  @Test("The C loop converts as the Swift loop", arguments: [(8, 8), (8, 16), (16, 8), (16, 16)])
  func cLoopMatchesSwiftLoop(depths: (input: Int, output: Int)) throws {
    for (index, (source, destination)) in Self.pairs.enumerated() {
      let transform = try #require(
        MatrixTransform(
          source: .rgb(source), destination: .rgb(destination), options: .init(outputBitDepth: depths.output)))
      let curves = Array(transform.destination.curves.prefix(3))
      var kernel = TransformKernel(
        transform: transform, inputBitDepth: depths.input,
        encoding: EncodingTable.shared(curves: curves, bitDepth: depths.output), ditherEncoding: nil, mapper: nil)
      for hasAlpha in [false, true] {
        let image = Self.image(bitDepth: depths.input, hasAlpha: hasAlpha, seed: UInt64(17 + index))
        var answers: [(PixelBuffer.Samples, [Bool])] = []
        for inC in [true, false] {
          kernel.allowsCLoop = inC
          var mask = [Bool](repeating: false, count: image.width * image.height)
          let samples: PixelBuffer.Samples =
            switch (image.samples, depths.output) {
            case (.eight(let input), 8):
              .eight(kernel.convert(input, image: image, firstRow: 0, as: UInt8.self, mask: &mask))
            case (.eight(let input), _):
              .sixteen(kernel.convert(input, image: image, firstRow: 0, as: UInt16.self, mask: &mask))
            case (.sixteen(let input), 8):
              .eight(kernel.convert(input, image: image, firstRow: 0, as: UInt8.self, mask: &mask))
            case (.sixteen(let input), _):
              .sixteen(kernel.convert(input, image: image, firstRow: 0, as: UInt16.self, mask: &mask))
            }
          answers.append((samples, mask))
        }
        let label = "\(source.name) to \(destination.name), \(depths.input) to \(depths.output) bits, alpha \(hasAlpha)"
        #expect(answers[0].0 == answers[1].0, "codes differ: \(label)")
        #expect(answers[0].1 == answers[1].1, "flags differ: \(label)")
        // Every pair but sRGB to Display P3 leaves the destination's gamut somewhere.
        #expect(source == .sRGB || answers[0].1.contains(true), "nothing out of gamut: \(label)")
      }
    }
  }
}
