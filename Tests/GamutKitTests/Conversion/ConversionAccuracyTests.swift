import Foundation
import Testing

@testable import GamutKit

/// The conversion against an independent floating-point computation written here from the published definitions:
/// primaries and white to a matrix, Bradford adaptation, the standard tone curves, clipping per channel, rounding.
@Suite struct ConversionAccuracyTests {
  /// A published RGB space, defined again here (not taken from GamutKit).
  struct Space: Sendable, CustomStringConvertible {
    var name: String
    var primaries: [(Double, Double)]  // red, green, blue xy
    var white: (Double, Double)
    var decode: @Sendable (Double) -> Double
    var description: String { name }
  }

  static let d65 = (0.3127, 0.3290)
  static let d50 = (0.3457, 0.3585)
  static func srgbDecode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
  static func srgbEncode(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

  static let sRGB = Space(
    name: "sRGB", primaries: [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], white: d65, decode: srgbDecode)
  static let displayP3 = Space(
    name: "Display P3", primaries: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], white: d65, decode: srgbDecode)
  static let adobe = Space(
    name: "Adobe RGB", primaries: [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], white: d65,
    decode: { pow($0, 563.0 / 256.0) })
  /// The compact Adobe-compatible v4 profile declares a short linear toe (slope 1/32 below 0.0557) before the
  /// 2.2 power: the exact math for that profile uses it.
  static let adobeWithToe = Space(
    name: "Adobe RGB (linear toe)", primaries: [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], white: d65,
    decode: { $0 < 0.0556793212890625 ? $0 * 0.03125 : pow($0, 2.1999969482421875) })
  static let rec2020 = Space(
    name: "Rec. 2020", primaries: [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)], white: d65,
    decode: { $0 < 0.081 ? $0 / 4.5 : pow(($0 + 0.099) / 1.099, 1 / 0.45) })
  static let proPhoto = Space(
    name: "ProPhoto", primaries: [(0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001)], white: d50,
    decode: { $0 < 16.0 / 512.0 ? $0 / 16 : pow($0, 1.8) })

  /// Row-major 3x3 helpers, written out so the reference shares nothing with GamutKit.
  typealias M = [[Double]]
  static func mul(_ a: M, _ b: M) -> M {
    (0..<3).map { r in (0..<3).map { c in (0..<3).reduce(0) { $0 + a[r][$1] * b[$1][c] } } }
  }
  static func mul(_ a: M, _ v: [Double]) -> [Double] {
    (0..<3).map { r in (0..<3).reduce(0) { $0 + a[r][$1] * v[$1] } }
  }
  static func inverse(_ m: M) -> M {
    let det =
      m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
      + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    return [
      [
        (m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det,
        (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det,
      ],
      [
        (m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det,
        (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det,
      ],
      [
        (m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det,
        (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det,
      ],
    ]
  }
  static func xyz(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
  static func rgbToXYZ(_ s: Space) -> M {
    let columns = s.primaries.map(xyz)
    let p: M = (0..<3).map { r in columns.map { $0[r] } }
    let scale = mul(inverse(p), xyz(s.white))
    return (0..<3).map { r in (0..<3).map { c in p[r][c] * scale[c] } }
  }
  static let bradford: M = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
  static func adapt(from source: (Double, Double), to destination: (Double, Double)) -> M {
    let s = mul(bradford, xyz(source))
    let d = mul(bradford, xyz(destination))
    let diagonal: M = [[d[0] / s[0], 0, 0], [0, d[1] / s[1], 0], [0, 0, d[2] / s[2]]]
    return mul(inverse(bradford), mul(diagonal, bradford))
  }

  /// The exact sRGB 8-bit codes for 16-bit source codes.
  static func reference(_ rgb: [UInt16], from source: Space) -> [Int] {
    let linear = rgb.map { source.decode(Double($0) / 65535) }
    let toSRGB = mul(inverse(rgbToXYZ(sRGB)), mul(adapt(from: source.white, to: d65), rgbToXYZ(source)))
    return mul(toSRGB, linear).map { Int((srgbEncode(min(1, max(0, $0))) * 255).rounded()) }
  }

  /// A 16-bit test image: a 17-step grid over the RGB cube plus pseudo-random colors.
  static let samples: [UInt16] = {
    var values: [UInt16] = []
    for r in 0..<17 {
      for g in 0..<17 {
        for b in 0..<17 { values += [r, g, b].map { UInt16(min(65535, $0 * 4096)) } }
      }
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<(3000 * 3) {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(UInt16(truncatingIfNeeded: state >> 33))
    }
    return values
  }()

  static func image(profile: String) throws -> PNGImage {
    let bytes = try TestData.sharedBytes("icc/compact/profiles/" + profile)
    let count = samples.count / 3
    let pixels = PixelBuffer(width: count, height: 1, layout: .rgb, samples: .sixteen(samples))
    return PNGImage(
      header: PNGHeader(
        width: count, height: 1, bitDepth: 16, colorType: .rgb, interlaced: false, hasTransparencyChunk: false),
      colorChunks: ColorChunks(iccProfile: .init(name: profile, bytes: bytes)), pixels: pixels)
  }

  static let cases: [(String, Space)] = [
    ("sRGB-v4.icc", sRGB), ("sRGB-v2-magic.icc", sRGB), ("DisplayP3-v4.icc", displayP3),
    ("DisplayP3-v2-magic.icc", displayP3), ("AdobeCompat-v4.icc", adobeWithToe), ("AdobeCompat-v2.icc", adobe),
    ("Rec2020-v4.icc", rec2020), ("Rec2020-v2-magic.icc", rec2020), ("ProPhoto-v4.icc", proPhoto),
    ("ProPhoto-v2-magic.icc", proPhoto),
  ]

  @Test(arguments: cases)
  func sRGBOutputIsWithinOneCodeOfExactMath(profile: String, space: Space) throws {
    let rendition = try ColorConverter().convert(try Self.image(profile: profile), to: .sRGB)
    guard case .eight(let output) = rendition.pixels.samples else {
      Issue.record("sRGB output must be 8-bit")
      return
    }
    var worst = 0
    for pixel in 0..<(Self.samples.count / 3) {
      let expected = Self.reference(Array(Self.samples[pixel * 3..<pixel * 3 + 3]), from: space)
      for channel in 0..<3 { worst = max(worst, abs(Int(output[pixel * 3 + channel]) - expected[channel])) }
    }
    #expect(worst <= 1, "\(profile): worst difference \(worst) codes")
  }

  /// The ICC v4 sRGB preference profile is LUT-based. Through its tables, relative colorimetric keeps black lifted
  /// (its colorimetric black is the v4 perceptual reference medium's, about L* 3: black became 29) unless
  /// black-point compensation is on. Identification names it sRGB, so gamut converts it as sRGB: every code is
  /// kept, with or without black-point compensation (issue 15).
  @Test(arguments: [(RenderingIntent.relative, true, 0), (RenderingIntent.relative, false, 0)])
  func lutBasedSRGBProfileKeepsEveryCode(intent: RenderingIntent, blackPoint: Bool, tolerance: Int) throws {
    let bytes = try TestData.sharedBytes("icc/icc-org/sRGB_v4_ICC_preference.icc")
    let codes: [UInt8] = (0..<256).flatMap { (v: Int) -> [UInt8] in
      [UInt8(v), UInt8(255 - v), UInt8((v * 7) % 256)]
    }
    let image = PNGImage(
      header: PNGHeader(
        width: 256, height: 1, bitDepth: 8, colorType: .rgb, interlaced: false, hasTransparencyChunk: false),
      colorChunks: ColorChunks(iccProfile: .init(name: "sRGB v4", bytes: bytes)),
      pixels: PixelBuffer(width: 256, height: 1, layout: .rgb, samples: .eight(codes)))
    let options = ConversionOptions(intent: intent, blackPointCompensation: blackPoint)
    let rendition = try ColorConverter(options: options).convert(image, to: .sRGB)
    guard case .eight(let output) = rendition.pixels.samples else { return }
    let worst = zip(output, codes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= tolerance, "worst difference \(worst) codes")
    #expect(output[0] == 0, "black stays black")
  }
}
