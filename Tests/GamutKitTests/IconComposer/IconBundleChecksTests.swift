import Foundation
import Testing

@testable import GamutKit

/// One fixture per check: each fires where it must, and a clean bundle gives no finding.
@Suite struct IconBundleChecksTests {
  private func bundle(layer: String = "", group: String = "", root: String = "", assets: [String: [UInt8]]? = nil)
    throws -> IconTestBundle
  {
    try IconTestBundle(
      json: IconTestBundle.document(layer: layer, group: group, root: root),
      assets: assets ?? ["shape.svg": IconTestBundle.shape])
  }

  @Test("a clean bundle gives no finding")
  func clean() throws {
    let clean = try bundle()
    defer { clean.folder.remove() }
    #expect(IconBundleChecks.check(bundlePath: clean.path) == [])
  }

  @Test(
    "each check fires on its fixture",
    arguments: [
      ("icon-unknown-value", "\"blend-mode\" : \"dissolve\",", "", ""),
      ("icon-unknown-value", "", "\"lighting\" : \"sideways\",", ""),
      ("icon-unknown-key", "\"sparkle\" : 1,", "", ""),
      ("icon-malformed", "\"opacity\" : \"half\",", "", ""),
      ("icon-malformed", "\"opacity\" : 1.5,", "", ""),
      ("icon-malformed", "\"hidden-specializations\" : [ { \"appearance\" : \"dusk\", \"value\" : true } ],", "", ""),
      ("icon-malformed", "\"hidden-specializations\" : [ { \"appearance\" : \"dark\" } ],", "", ""),
      ("icon-malformed", "\"fill\" : { \"radial\" : 1 },", "", ""),
      ("icon-invalid-color", "\"fill\" : { \"solid\" : \"display-p3:1,0,0\" },", "", ""),
      ("icon-invalid-color", "\"fill\" : { \"solid\" : \"cmyk:1,0,0,0\" },", "", ""),
      ("icon-invalid-color", "\"fill\" : { \"solid\" : \"gray:0.5,1,1\" },", "", ""),
      ("icon-incomplete", "\"position\" : { \"scale\" : 1 },", "", ""),
      ("icon-incomplete", "", "\"shadow-specializations\" : [ { \"value\" : { \"kind\" : \"neutral\" } } ],", ""),
      ("icon-svg-color-space-key", "", "", "\"color-space-for-untagged-svg-colors\" : \"srgb\","),
      (
        "icon-gradient-mixed-spaces", "", "",
        "\"fill-specializations\" : [ { \"appearance\" : \"dark\", \"value\" : "
          + "{ \"linear-gradient\" : [ \"srgb:0,0,0,1\", \"display-p3:0.1,0.1,0.1,1\" ] } } ],"
      ),
      ("icon-fill-outside-srgb", "\"fill\" : { \"solid\" : \"display-p3:0,1,0,1\" },", "", ""),
      (
        "icon-dark-unchanged",
        "\"opacity-specializations\" : [ { \"value\" : 0.5 }, "
          + "{ \"appearance\" : \"dark\", \"value\" : 0.50 } ],", "", ""
      ),
      (
        "icon-dark-unchanged", "",
        "\"blend-mode-specializations\" : [ { \"appearance\" : \"dark\", "
          + "\"value\" : \"normal\" } ],", ""
      ),
      ("icon-needs-xcode-27", "", "", "\"features\" : [ \"refractivity\" ],"),
      ("icon-needs-xcode-27", "", "\"refractivity\" : { \"value\" : 0.5 },", ""),
      ("icon-crashes-actool", "", "\"specular\" : \"bright\",", ""),
      ("icon-malformed", "\"glass\" : true, \"glass\" : false,", "", ""),
      (
        "icon-layer-missing",
        "\"image-name-specializations\" : [ { \"appearance\" : \"dark\", "
          + "\"value\" : \"shape-dark.svg\" } ],", "", ""
      ),
    ])
  func fires(_ code: String, _ layer: String, _ group: String, _ root: String) throws {
    let fixture = try bundle(layer: layer, group: group, root: root)
    defer { fixture.folder.remove() }
    let findings = IconBundleChecks.check(bundlePath: fixture.path)
    #expect(findings.map(\.code.rawValue) == [code], "\(findings)")
    #expect(findings.allSatisfy { $0.path == fixture.path + "/icon.json" && $0.line != nil })
  }

  @Test("a dark value different from the default is not reported")
  func darkChanges() throws {
    let fixture = try bundle(
      layer: "\"opacity-specializations\" : [ { \"value\" : 0.5 }, { \"appearance\" : \"dark\", \"value\" : 0.6 } ],")
    defer { fixture.folder.remove() }
    #expect(fixture.codes() == [])
  }

  @Test("layer files: unused, unreadable, not simple, PNG size and color space")
  func layerFiles() throws {
    let text = Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\"><text x=\"1\">Hi</text><image href=\"a.png\"/></svg>".utf8)
    let cases: [(String, [String: [UInt8]], [String])] = [
      ("shape.svg", ["shape.svg": IconTestBundle.shape, "old.svg": IconTestBundle.shape], ["icon-asset-unused"]),
      ("shape.svg", ["shape.svg": Array("<svg>".utf8)], ["icon-layer-unreadable"]),
      ("shape.svg", ["shape.svg": text], ["icon-svg-not-simple"]),
      ("shape.png", ["shape.png": try IconTestBundle.png(1024)], []),
      ("shape.png", ["shape.png": try IconTestBundle.png(512)], ["icon-layer-size"]),
      ("shape.png", ["shape.png": try IconTestBundle.png(1024, height: 190)], ["icon-layer-size"]),
      ("shape.png", ["shape.png": Array("not a png".utf8)], ["icon-layer-unreadable"]),
      (
        "shape.png",
        ["shape.png": try IconTestBundle.png(1024, tag: .iccProfile(name: "Adobe RGB", bytes: adobeRGB()))],
        ["icon-layer-color-space"]
      ),
    ]
    for (file, assets, codes) in cases {
      let json = IconTestBundle.document().replacingOccurrences(of: "shape.svg", with: file)
      let fixture = try IconTestBundle(json: json, assets: assets)
      defer { fixture.folder.remove() }
      let findings = IconBundleChecks.check(bundlePath: fixture.path)
      #expect(findings.map(\.code.rawValue) == codes, "\(file): \(findings)")
      #expect(findings.allSatisfy { $0.path.hasPrefix(fixture.path + "/Assets/") })
    }
  }

  @Test("a 1088-pixel PNG layer is right for watchOS, wrong for squares only")
  func watchCanvas() throws {
    for (platforms, codes) in [
      ("\"squares\" : \"shared\", \"circles\" : [ \"watchOS\" ]", [String]()),
      ("\"squares\" : \"shared\"", ["icon-layer-size"]),
    ] {
      let json = IconTestBundle.document().replacingOccurrences(of: "shape.svg", with: "shape.png")
        .replacingOccurrences(of: "\"squares\" : \"shared\"", with: platforms)
      let fixture = try IconTestBundle(json: json, assets: ["shape.png": try IconTestBundle.png(1088)])
      defer { fixture.folder.remove() }
      #expect(fixture.codes() == codes, "\(platforms)")
    }
  }

  @Test("five groups visible in one appearance are too many; hiding one in it is fine")
  func groupCount() throws {
    func document(hideLast: Bool) -> String {
      let group = "{ \"layers\" : [ { \"image-name\" : \"shape.svg\" } ] }"
      let last =
        hideLast
        ? "{ \"hidden-specializations\" : [ { \"appearance\" : \"dark\", \"value\" : true } ], "
          + "\"layers\" : [ { \"image-name\" : \"shape.svg\" } ] }" : group
      return "{ \"groups\" : [ \(Array(repeating: group, count: 4).joined(separator: ", ")), \(last) ], "
        + "\"supported-platforms\" : { \"squares\" : \"shared\" } }"
    }
    let five = try IconTestBundle(json: document(hideLast: false), assets: ["shape.svg": IconTestBundle.shape])
    defer { five.folder.remove() }
    #expect(five.codes() == Array(repeating: "icon-too-many-groups", count: 3))
    let hidden = try IconTestBundle(json: document(hideLast: true), assets: ["shape.svg": IconTestBundle.shape])
    defer { hidden.folder.remove() }
    #expect(hidden.codes() == ["icon-too-many-groups", "icon-too-many-groups"])
  }

  @Test(
    "malformed documents give a finding with the path and line, never a crash",
    arguments: [
      ("{\n  \"groups\" : [\n    1,\n  ]\n}", "icon-unreadable", 4),
      ("[]", "icon-unreadable", 1),
      ("{ \"groups\" : {}, \"supported-platforms\" : [] }", "icon-malformed", 1),
      ("{\n\"groups\" : [ 3 ], \"supported-platforms\" : {} }", "icon-malformed", 2),
      (
        "{ \"groups\" : [ { \"layers\" : [ { \"name\" : \"x\" } ] } ], \"supported-platforms\" : {} }",
        "icon-malformed", 1
      ),
    ])
  func malformed(_ json: String, _ code: String, _ line: Int) throws {
    let fixture = try IconTestBundle(json: json)
    defer { fixture.folder.remove() }
    let findings = IconBundleChecks.check(bundlePath: fixture.path)
    #expect(findings.first?.code.rawValue == code, "\(findings)")
    #expect(findings.first?.path == fixture.path + "/icon.json")
    #expect(findings.first?.line == line)
    #expect(Set(findings.map(\.code.rawValue)) == [code])
  }

  @Test("a bundle without icon.json is one error")
  func noDocument() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path + "/X.icon", withIntermediateDirectories: true)
    let findings = IconBundleChecks.check(bundlePath: folder.path + "/X.icon")
    #expect(findings.map(\.code) == [.iconUnreadable])
    #expect(findings.first?.path == folder.path + "/X.icon/icon.json")
  }

  /// A profile with the Adobe RGB (1998) primaries, built here.
  private func adobeRGB() throws -> [UInt8] {
    try ProfileFactory.rgbProfile(primaries: .adobeRGB, transfer: .sRGB, description: "Adobe-like").bytes
  }
}

/// The collision check on an existing catalog (for `gamut lint`).
@Suite struct IconCollisionsTests {
  @Test("an app icon set in any group named like a bundle is an error; others are not")
  func collisions() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let catalog = folder.path + "/A.xcassets"
    for set in ["AppIcon.appiconset", "Beta/appicon-beta.appiconset", "Other.appiconset", "Icons/AppIcon.imageset"] {
      try FileManager.default.createDirectory(atPath: catalog + "/" + set, withIntermediateDirectories: true)
    }
    let findings = IconCollisions.check(
      CatalogReader().read(catalog), bundlePaths: [folder.path + "/AppIcon.icon", folder.path + "/AppIcon-Beta.icon"])
    #expect(findings.map(\.path) == [catalog + "/AppIcon.appiconset", catalog + "/Beta/appicon-beta.appiconset"])
    #expect(findings.allSatisfy { $0.code == .iconAppIconCollision && $0.severity == .error })
  }
}
