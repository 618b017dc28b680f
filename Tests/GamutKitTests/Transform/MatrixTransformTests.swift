import Foundation
import Testing

@testable import GamutKit

/// An independent, straightforward `Double` implementation of matrix/TRC conversion, written from the published
/// definitions without any GamutKit type: the reference the transform is checked against.
enum ReferenceConversion {
  typealias Matrix = [[Double]]

  struct Space: Sendable {
    var primaries: [(Double, Double)]  // red, green, blue xy
    var white: (Double, Double)
    var decode: @Sendable (Double) -> Double
    var encode: @Sendable (Double) -> Double
  }

  static func srgbDecode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
  static func srgbEncode(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }

  static let sRGB = Space(
    primaries: [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], white: (0.3127, 0.3290), decode: srgbDecode,
    encode: srgbEncode)
  static let displayP3 = Space(
    primaries: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], white: (0.3127, 0.3290), decode: srgbDecode,
    encode: srgbEncode)
  static let adobeRGB = Space(
    primaries: [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], white: (0.3127, 0.3290),
    decode: { pow($0, 563.0 / 256) }, encode: { pow($0, 256.0 / 563) })
  static let rec2020 = Space(
    primaries: [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)], white: (0.3127, 0.3290),
    decode: { $0 < 0.081 ? $0 / 4.5 : pow(($0 + 0.099) / 1.099, 1 / 0.45) },
    encode: { $0 < 0.018 ? 4.5 * $0 : 1.099 * pow($0, 0.45) - 0.099 })
  static let proPhoto = Space(
    primaries: [(0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001)], white: (0.3457, 0.3585),
    decode: { $0 < 16.0 / 512 ? $0 / 16 : pow($0, 1.8) }, encode: { $0 < 1.0 / 512 ? 16 * $0 : pow($0, 1 / 1.8) })

  static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
    (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
  }

  static func apply(_ a: Matrix, _ v: [Double]) -> [Double] {
    (0..<3).map { i in a[i][0] * v[0] + a[i][1] * v[1] + a[i][2] * v[2] }
  }

  /// Inverse by Cramer's rule.
  static func invert(_ m: Matrix) -> Matrix {
    let det =
      m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
      + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    var r = Matrix(repeating: [0, 0, 0], count: 3)
    for i in 0..<3 {
      for j in 0..<3 {
        let rows = (0..<3).filter { $0 != j }
        let cols = (0..<3).filter { $0 != i }
        let minor = m[rows[0]][cols[0]] * m[rows[1]][cols[1]] - m[rows[0]][cols[1]] * m[rows[1]][cols[0]]
        r[i][j] = ((i + j) % 2 == 0 ? 1 : -1) * minor / det
      }
    }
    return r
  }

  static func xyz(_ xy: (Double, Double)) -> [Double] { [xy.0 / xy.1, 1, (1 - xy.0 - xy.1) / xy.1] }

  /// RGB to XYZ under the space's white, then Bradford to the ICC D50 white.
  static func toD50(_ space: Space) -> Matrix {
    let p = space.primaries.map(xyz)
    let columns: Matrix = [[p[0][0], p[1][0], p[2][0]], [p[0][1], p[1][1], p[2][1]], [p[0][2], p[1][2], p[2][2]]]
    let s = apply(invert(columns), xyz(space.white))
    let toXYZ = columns.map { row in (0..<3).map { row[$0] * s[$0] } }
    let bradford: Matrix = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
    let source = apply(bradford, xyz(space.white))
    let destination = apply(bradford, [0.9642, 1.0, 0.8249])
    let scale: Matrix = [
      [destination[0] / source[0], 0, 0], [0, destination[1] / source[1], 0], [0, 0, destination[2] / source[2]],
    ]
    return multiply(multiply(multiply(invert(bradford), scale), bradford), toXYZ)
  }

  /// Output codes for encoded source values: decode, matrix, clip, encode, round.
  static func matrix(from source: Space, to destination: Space) -> Matrix {
    multiply(invert(toD50(destination)), toD50(source))
  }

  static func convert(_ encoded: [Double], from source: Space, to destination: Space, matrix: Matrix, maxCode: Double)
    -> [Int]
  {
    let linear = apply(matrix, encoded.map(source.decode))
    return linear.map { Int((destination.encode(min(max($0, 0), 1)) * maxCode).rounded()) }
  }
}

/// A deterministic SplitMix64 generator for test images.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("Analysis: matrix transform")
struct AnalysisMatrixTransformTests {
  /// A 16-bit RGB image holding a 33^3 grid over the cube plus 20,000 random colors.
  static func cubeImage16() -> PixelBuffer {
    var samples: [UInt16] = []
    for r in 0..<33 {
      for g in 0..<33 {
        for b in 0..<33 {
          samples += [r, g, b].map { UInt16(min($0 * 2048, 65535)) }
        }
      }
    }
    var random = SplitMix64(state: 42)
    for _ in 0..<20_000 {
      samples += (0..<3).map { _ in UInt16.random(in: 0...65535, using: &random) }
    }
    let width = 256
    let height = (samples.count / 3 + width - 1) / width
    samples += [UInt16](repeating: 0, count: width * height * 3 - samples.count)
    return PixelBuffer(width: width, height: height, layout: .rgb, samples: .sixteen(samples))
  }

  static let pairs: [(String, RGBColorSpace, ReferenceConversion.Space)] = [
    ("Display P3", .displayP3, ReferenceConversion.displayP3),
    ("Adobe RGB", .adobeRGB, ReferenceConversion.adobeRGB),
    ("Rec. 2020", .rec2020, ReferenceConversion.rec2020),
    ("ProPhoto", .proPhoto, ReferenceConversion.proPhoto),
  ]

  /// The largest per-channel code difference between the transform and the reference, and how many samples differ.
  static func maxError(
    _ image: PixelBuffer, from source: (RGBColorSpace, ReferenceConversion.Space),
    to destination: (RGBColorSpace, ReferenceConversion.Space), bitDepth: Int
  ) throws -> (worst: Int, differing: Int) {
    let transform = try #require(
      MatrixTransform(
        source: .rgb(source.0), destination: .rgb(destination.0), options: .init(outputBitDepth: bitDepth)))
    let output = transform.apply(to: image)
    #expect(output.bitDepth == bitDepth && output.layout == .rgb)
    let maxCode = bitDepth == 16 ? 65535.0 : 255.0
    let matrix = ReferenceConversion.matrix(from: source.1, to: destination.1)
    var worst = 0
    var differing = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let encoded = image.pixel16(x: x, y: y).map { Double($0) / 65535 }
        let expected = ReferenceConversion.convert(
          encoded, from: source.1, to: destination.1, matrix: matrix, maxCode: maxCode)
        let actual = output.pixel16(x: x, y: y).map { bitDepth == 16 ? Int($0) : Int($0) / 257 }
        for channel in 0..<3 where expected[channel] != actual[channel] {
          worst = max(worst, abs(expected[channel] - actual[channel]))
          differing += 1
        }
      }
    }
    return (worst, differing)
  }

  @Test("16-bit sources to sRGB 8-bit and to Display P3 16-bit are within 1 code of Double math")
  func accuracy16() throws {
    let image = Self.cubeImage16()
    let sRGB = (RGBColorSpace.sRGB, ReferenceConversion.sRGB)
    let p3 = (RGBColorSpace.displayP3, ReferenceConversion.displayP3)
    for (name, space, reference) in Self.pairs {
      let toSRGB = try Self.maxError(image, from: (space, reference), to: sRGB, bitDepth: 8)
      let toP3 = try Self.maxError(image, from: (space, reference), to: p3, bitDepth: 16)
      print("code error (max, samples off) \(name) -> sRGB 8-bit: \(toSRGB); -> Display P3 16-bit: \(toP3)")
      #expect(toSRGB.worst <= 1, "\(name) -> sRGB")
      #expect(toP3.worst <= 1, "\(name) -> Display P3")
    }
  }

  @Test("8-bit sources to sRGB 8-bit are within 1 code of Double math")
  func accuracy8() throws {
    var samples: [UInt8] = []
    for r in stride(from: 0, through: 255, by: 5) {
      for g in stride(from: 0, through: 255, by: 5) {
        for b in stride(from: 0, through: 255, by: 5) { samples += [UInt8(r), UInt8(g), UInt8(b)] }
      }
    }
    let image = PixelBuffer(width: 52, height: 52 * 52, layout: .rgb, samples: .eight(samples))
    for (name, space, reference) in Self.pairs {
      let error = try Self.maxError(image, from: (space, reference), to: (.sRGB, ReferenceConversion.sRGB), bitDepth: 8)
      print("code error (max, samples off) \(name) 8-bit -> sRGB 8-bit: \(error)")
      #expect(error.worst <= 1, "\(name)")
    }
  }

  @Test("Alpha is copied unchanged and rescaled with the depth; identity conversion keeps 8-bit codes")
  func alphaAndIdentity() throws {
    let samples: [UInt8] = [10, 20, 30, 0, 200, 100, 50, 128, 255, 255, 255, 255, 0, 0, 0, 7]
    let image = PixelBuffer(width: 2, height: 2, layout: .rgba, samples: .eight(samples))
    let identity = try #require(MatrixTransform(source: .rgb(.sRGB), destination: .rgb(.sRGB)))
    #expect(identity.apply(to: image) == image)
    let wide = try #require(
      MatrixTransform(source: .rgb(.sRGB), destination: .rgb(.displayP3), options: .init(outputBitDepth: 16)))
    let output = wide.apply(to: image)
    #expect(output.layout == .rgba && output.bitDepth == 16)
    #expect(output.pixel16(x: 1, y: 0)[3] == 128 * 257)
    #expect(output.pixel16(x: 1, y: 1)[3] == 7 * 257)
    let back = try #require(
      MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB), options: .init(outputBitDepth: 8)))
    #expect(back.apply(to: output) == image)
  }

  @Test("Gray sources and destinations: gray is luminance relative to white")
  func gray() throws {
    let gray = PixelBuffer(width: 3, height: 1, layout: .grayAlpha, samples: .eight([0, 255, 128, 255, 255, 9]))
    let toRGB = try #require(MatrixTransform(source: .gray(.sRGB), destination: .rgb(.sRGB)))
    let rgb = toRGB.apply(to: gray)
    #expect(rgb.layout == .rgba)
    #expect(rgb.samples == .eight([0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 9]))
    let toGray = try #require(MatrixTransform(source: .rgb(.sRGB), destination: .gray(.sRGB)))
    #expect(toGray.apply(to: rgb) == gray)
  }

  @Test("Out-of-gamut flags: P3 red is out of sRGB, sRGB red in P3 coordinates is not")
  func outOfGamutFlags() throws {
    let transform = try #require(MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB)))
    let toP3 = try #require(
      MatrixTransform(source: .rgb(.sRGB), destination: .rgb(.displayP3), options: .init(outputBitDepth: 16)))
    let srgbRed = toP3.apply(to: PixelBuffer(width: 1, height: 1, layout: .rgb, samples: .eight([255, 0, 0])))
    let samples: [UInt16] = [65535, 0, 0] + srgbRed.pixel16(x: 0, y: 0) + [32768, 32768, 32768]
    let image = PixelBuffer(width: 3, height: 1, layout: .rgb, samples: .sixteen(samples))
    let result = transform.applyMeasuring(to: image)
    #expect(result.outOfGamut == [true, false, false])
    let linear = result.unclippedLinear(x: 0, y: 0)
    #expect(abs(linear.x - 1.2249) < 1e-3 && abs(linear.y + 0.0421) < 1e-3 && abs(linear.z + 0.0196) < 1e-3)
    #expect(result.image.pixel16(x: 0, y: 0) == [65535, 0, 0])
  }

  @Test("Chroma gamut mapping keeps in-gamut pixels and maps P3 red differently from clipping")
  func chromaMapping() throws {
    let clip = try #require(MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB)))
    let chroma = try #require(
      MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB), options: .init(gamutMapping: .chroma)))
    let image = PixelBuffer(
      width: 2, height: 1, layout: .rgb, samples: .sixteen([65535, 0, 0, 30000, 30000, 20000]))
    let clipped = clip.apply(to: image)
    let mapped = chroma.apply(to: image)
    #expect(clipped.pixel16(x: 1, y: 0) == mapped.pixel16(x: 1, y: 0))
    #expect(clipped.pixel16(x: 0, y: 0) != mapped.pixel16(x: 0, y: 0))
  }

  @Test("Ordered dither is deterministic and averages to the exact value")
  func orderedDither() throws {
    let transform = try #require(
      MatrixTransform(source: .rgb(.sRGB), destination: .rgb(.sRGB), options: .init(dither: .ordered)))
    // 16-bit value 100.25 codes in 8-bit terms: 25 % of the pixels round up.
    let value = UInt16((100.25 * 257).rounded())
    let image = PixelBuffer(
      width: 8, height: 8, layout: .rgb, samples: .sixteen([UInt16](repeating: value, count: 192)))
    let first = transform.apply(to: image)
    #expect(first == transform.apply(to: image))
    guard case .eight(let codes) = first.samples else {
      Issue.record("8-bit output expected")
      return
    }
    #expect(Set(codes) == [100, 101])
    #expect(codes.filter { $0 == 101 }.count == 48)
  }
}
