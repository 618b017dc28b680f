import Foundation
import Testing

@testable import GamutKit

/// Issue 34.10 and 34.11 (the reader side) and the low items about `icon.json`: numbers beyond a 64-bit float,
/// colors no display shows or that only Swift's number parser takes, values echoed whole, and a document of
/// tens of thousands of groups.
@Suite struct IconHostileTests {
  private func bundle(layer: String = "", group: String = "", root: String = "") throws -> IconTestBundle {
    try IconTestBundle(
      json: IconTestBundle.document(layer: layer, group: group, root: root), assets: ["shape.svg": IconTestBundle.shape]
    )
  }

  @Test(
    "a number beyond a 64-bit float is an error naming the bundle and the key; the inspection still encodes as JSON",
    arguments: [
      ("\"opacity\" : 1e999,", "groups[0].layers[0].opacity", "1e999"),
      ("\"opacity\" : 1e400,", "groups[0].layers[0].opacity", "1e400"),
      ("\"sparkle\" : -1e400,", "groups[0].layers[0].sparkle", "-1e400"),
      (
        "\"position\" : { \"scale\" : 1e400, \"translation-in-points\" : [ 0, 0 ] },",
        "groups[0].layers[0].position.scale", "1e400"
      ),
      ("\"opacity\" : \(String(repeating: "9", count: 400)),", "groups[0].layers[0].opacity", "999999"),
    ])
  func hugeNumbers(_ layer: String, _ key: String, _ token: String) throws {
    let fixture = try bundle(layer: layer)
    defer { fixture.folder.remove() }
    let inspection = IconInspection(path: fixture.path)
    let errors = inspection.findings.filter { $0.severity == .error }
    #expect(errors.map(\.code) == [.iconMalformed], "\(inspection.findings)")
    #expect(errors.first?.path == fixture.path + "/icon.json" && errors.first?.line != nil)
    #expect(errors.first?.message.hasPrefix(key + " is ") == true, "\(errors)")
    #expect(errors.first?.message.contains(token) == true)
    #expect(errors.first?.message.count ?? 0 < 200)
    let json = try JSONEncoder().encode(inspection)
    #expect(!json.isEmpty)
    #expect(inspection.groups.first?.layers.first?.looks.light.opacity.isFinite == true)
  }

  @Test("lint's bundle checks report a number beyond a 64-bit float as an error at the bundle's icon.json")
  func lintBundle() throws {
    let fixture = try bundle(layer: "\"opacity\" : 1e400,")
    defer { fixture.folder.remove() }
    let findings = Linter().lint([fixture.folder.path]).findings.map(\.diagnostic)
    #expect(
      findings.contains {
        $0.code == .iconMalformed && $0.severity == .error && $0.path == fixture.path + "/icon.json" && $0.line != nil
      }, "\(findings)")
  }

  @Test(
    "a fill component no display shows, or only Swift's parser reads, is an invalid color; inspect --json holds",
    arguments: [
      "display-p3:-1e308,0,0,1", "srgb:0x1,0,0,1", "srgb:inf,0,0,1", "srgb:nan,0,0,1", "srgb: 1,0,0,1",
      "srgb:+1,0,0,1", "extended-srgb:17,0,0,1", "srgb:1.,0,0,1",
    ])
  func hostileColors(_ color: String) throws {
    let fixture = try bundle(layer: "\"fill\" : { \"solid\" : \"\(color)\" },")
    defer { fixture.folder.remove() }
    let inspection = IconInspection(path: fixture.path)
    #expect(inspection.findings.map(\.code) == [.iconInvalidColor], "\(inspection.findings)")
    #expect(inspection.colors.isEmpty)
    #expect((try? JSONEncoder().encode(inspection)) != nil)
  }

  @Test("extended colors within the range displays show are colors, with a finite ΔE2000")
  func extendedColors() throws {
    let fixture = try bundle(layer: "\"fill\" : { \"solid\" : \"extended-srgb:-0.5,1.2,15.5,1\" },")
    defer { fixture.folder.remove() }
    let inspection = IconInspection(path: fixture.path)
    #expect(inspection.colors.count == 1)
    #expect(inspection.colors.first?.deltaE2000?.isFinite == true)
    #expect((try? JSONEncoder().encode(inspection)) != nil)
  }

  @Test("a 3 MB key, file name or color string is quoted short, with its length")
  func longValues() throws {
    let long = String(repeating: "x", count: 3_000_000)
    for layer in [
      "\"\(long)\" : 1,", "\"fill\" : { \"solid\" : \"srgb:\(long)\" },",
      "\"image-name-specializations\" : [ { \"appearance\" : \"dark\", \"value\" : \"\(long).svg\" } ],",
      "\"blend-mode\" : \"\(long)\",",
    ] {
      let fixture = try bundle(layer: layer)
      defer { fixture.folder.remove() }
      let findings = IconBundleChecks.check(bundlePath: fixture.path)
      #expect(!findings.isEmpty)
      #expect(findings.allSatisfy { $0.message.utf8.count < 400 }, "\(findings.map(\.message.utf8.count))")
      #expect(findings.contains { $0.message.contains("3000") })
    }
  }
}

/// The inspection of a document far larger than any real one is cut, and says so.
@Suite struct IconInspectionCutTests {
  @Test("70,000 groups: each list holds its first 1,000 entries and the inspection says what it cut")
  func manyGroups() throws {
    let group = #"{ "layers" : [ { "image-name" : "shape.svg", "x" : 1 } ] }"#
    let json =
      #"{ "groups" : ["# + Array(repeating: group, count: 70_000).joined(separator: ",")
      + #"], "supported-platforms" : { "squares" : "shared" } }"#
    let fixture = try IconTestBundle(json: json, assets: ["shape.svg": IconTestBundle.shape])
    defer { fixture.folder.remove() }
    let inspection = IconInspection(path: fixture.path)
    #expect(inspection.groups.count == IconInspection.maximumListed)
    #expect(inspection.groups.reduce(0) { $0 + $1.layers.count } == IconInspection.maximumListed)
    #expect(inspection.unknownKeys.count == IconInspection.maximumListed)
    #expect(inspection.findings.count == IconInspection.maximumListed)
    #expect(inspection.findings.prefix(3).map(\.code) == Array(repeating: .iconTooManyGroups, count: 3))
    #expect(inspection.cut?.map(\.list) == ["findings", "groups", "layers", "unknownKeys"])
    #expect(inspection.cut?.dropFirst().map(\.count) == [70_000, 70_000, 70_000])
    #expect(inspection.cut?.first?.count ?? 0 > 70_000)
    #expect(try JSONEncoder().encode(inspection).count < 2_000_000)
  }
}
