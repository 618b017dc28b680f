import Testing

@testable import GamutKit

/// `ColorConverter.knownToMoveNoColor` skips `MatrixTransform`'s test of ramps and lattice for gamut's own profile
/// of a space against that space: the test, worked out here, gives the same answer, and every other route takes it.
@Suite struct KnownRouteTests {
  static let ownProfiles: [(profile: ICCProfile, target: ConversionTarget)] = [
    (BuiltInProfiles.sRGB, .sRGB), (BuiltInProfiles.displayP3, .displayP3),
  ]

  @Test("Gamut's own profile of a space moves no color into that space, by the ramps and lattice", arguments: [0, 1])
  func ownProfileMovesNoColor(index: Int) throws {
    let (profile, target) = Self.ownProfiles[index]
    let source = try #require(try SourceModelReader.model(of: profile))
    let destination = target.model
    #expect(source != destination, "the test is needed: the models are not equal")
    let linear = try #require(destination.fromXYZD50) * source.toXYZD50
    #expect(MatrixTransform.movesNoColor(source: source, destination: destination, linearMatrix: linear))
    #expect(try #require(MatrixTransform(source: source, destination: destination)).copiesCodes)
  }

  static func points(_ primaries: UInt8) -> ColorChunks.CodingPoints {
    ColorChunks.CodingPoints(colorPrimaries: primaries, transferFunction: 13, matrixCoefficients: 0, fullRange: true)
  }

  @Test func theSRGBChunkCICPAndUntaggedFilesAreKnown() throws {
    let cases: [(ColorChunks, ConversionTarget)] = [
      (ColorChunks(), .sRGB), (ColorChunks(sRGBIntent: 0), .sRGB), (ColorChunks(codingPoints: Self.points(1)), .sRGB),
      (ColorChunks(codingPoints: Self.points(12)), .displayP3),
    ]
    for (chunks, target) in cases {
      #expect(try Self.known(chunks, to: target) == true, "\(chunks)")
      #expect(try Self.known(chunks, to: target == .sRGB ? .displayP3 : .sRGB) == nil, "\(chunks)")
    }
  }

  @Test func anEmbeddedProfileTakesTheTestEvenWhenItIsGamutsOwn() throws {
    for (profile, target) in Self.ownProfiles {
      let chunks = ColorChunks(iccProfile: .init(name: "own", bytes: profile.bytes))
      #expect(try Self.known(chunks, to: target) == nil)
    }
  }

  /// The known answer for a file with `chunks` converted to `target`.
  static func known(_ chunks: ColorChunks, to target: ConversionTarget) throws -> Bool? {
    let decision = ColorSpaceDecision(chunks: chunks)
    let profile = try #require(decision.profile)
    let key = ColorConverter.Key(profile: profile, target: target, gray: false, options: ConversionOptions())
    return ColorConverter.knownToMoveNoColor(key, decision: decision)
  }
}
