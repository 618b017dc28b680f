import Foundation

@testable import GamutKit

/// A catalog written in a temporary folder for the lint tests: sets, PNGs and color sets made here.
struct LintFixture {
  let folder: TemporaryFolder
  var catalog: String { folder.path + "/App.xcassets" }

  init() throws {
    folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/App.xcassets", withIntermediateDirectories: true)
  }

  func remove() { folder.remove() }

  /// Writes `text` at `path` inside the catalog, making its folders.
  func write(_ text: String, at path: String) throws {
    try write(Array(text.utf8), at: path)
  }

  func write(_ bytes: [UInt8], at path: String) throws {
    let full = catalog + "/" + path
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: full))
  }

  /// An image set's Contents.json: one entry per (file, scale, appearance, gamut); nil file for an empty slot.
  func imageSet(
    _ name: String, _ entries: [(file: String?, scale: String?, appearance: String?, gamut: String?)],
    properties: String = ""
  ) throws {
    let items = entries.map { entry in
      var members = [#""idiom" : "universal""#]
      if let file = entry.file { members.append(#""filename" : "\#(file)""#) }
      if let scale = entry.scale { members.append(#""scale" : "\#(scale)""#) }
      if let gamut = entry.gamut { members.append(#""display-gamut" : "\#(gamut)""#) }
      if let appearance = entry.appearance {
        members.append(#""appearances" : [ { "appearance" : "luminosity", "value" : "\#(appearance)" } ]"#)
      }
      return "    { " + members.joined(separator: ", ") + " }"
    }
    let props = properties.isEmpty ? "" : ",\n  \"properties\" : { \(properties) }"
    try write(
      "{\n  \"images\" : [\n" + items.joined(separator: ",\n") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", "
        + "\"version\" : 1 }\(props)\n}\n", at: name + ".imageset/Contents.json")
  }

  /// An app icon set's Contents.json: one entry per (file, idiom, size, scale, platform, appearance); nil file for an
  /// empty slot, nil scale, platform or appearance for none.
  func appIconSet(
    _ name: String,
    _ entries: [(file: String?, idiom: String, size: String, scale: String?, platform: String?, appearance: String?)]
  ) throws {
    let items = entries.map { entry in
      var members = [#""idiom" : "\#(entry.idiom)""#, #""size" : "\#(entry.size)""#]
      if let file = entry.file { members.append(#""filename" : "\#(file)""#) }
      if let scale = entry.scale { members.append(#""scale" : "\#(scale)""#) }
      if let platform = entry.platform { members.append(#""platform" : "\#(platform)""#) }
      if let appearance = entry.appearance {
        members.append(#""appearances" : [ { "appearance" : "luminosity", "value" : "\#(appearance)" } ]"#)
      }
      return "    { " + members.joined(separator: ", ") + " }"
    }
    try write(
      "{\n  \"images\" : [\n" + items.joined(separator: ",\n") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", "
        + "\"version\" : 1 }\n}\n", at: name + ".appiconset/Contents.json")
  }

  /// The findings as `severity code path` (the path relative to the catalog).
  func found(_ result: LintResult) -> [String] {
    result.findings.map {
      "\($0.diagnostic.severity) \($0.diagnostic.code) " + String($0.diagnostic.path.dropFirst(catalog.count + 1))
    }
  }

  /// A PNG whose pixel (x, y) is `pixel(x, y)` (samples for `layout`), 8 or 16 bits.
  func png(
    _ path: String, width: Int, height: Int, layout: PixelBuffer.Layout = .rgb,
    tag: PNGEncoder.ColorTag = .sRGB(intent: 0), sixteen: Bool = false, _ pixel: (Int, Int) -> [UInt8]
  ) throws {
    try write(
      try TestPNG.make(width: width, height: height, layout: layout, tag: tag, sixteen: sixteen, pixel), at: path)
  }

  /// A plain opaque sRGB PNG of one color.
  func solid(_ path: String, _ size: (Int, Int), _ color: [UInt8] = [40, 90, 160]) throws {
    try png(path, width: size.0, height: size.1) { _, _ in color }
  }

  /// A color set whose `colors` array is `entries` (JSON objects).
  func colorSet(_ name: String, _ entries: [String]) throws {
    try write(
      "{\n  \"colors\" : [\n" + entries.joined(separator: ",\n") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", "
        + "\"version\" : 1 }\n}\n", at: name + ".colorset/Contents.json")
  }

  /// A color entry: sRGB components as floats, in an appearance (nil for any), high contrast or not.
  static func color(
    _ rgb: (Double, Double, Double), appearance: String? = nil, highContrast: Bool = false, space: String = "srgb",
    gamut: String? = nil
  ) -> String {
    var appearances: [String] = []
    if let appearance { appearances.append(#"{ "appearance" : "luminosity", "value" : "\#(appearance)" }"#) }
    if highContrast { appearances.append(#"{ "appearance" : "contrast", "value" : "high" }"#) }
    let list = appearances.isEmpty ? "" : #""appearances" : [ \#(appearances.joined(separator: ", ")) ], "#
    let gamutMember = gamut.map { #""display-gamut" : "\#($0)", "# } ?? ""
    let components = String(
      format: #""alpha" : "1.000", "red" : "%.3f", "green" : "%.3f", "blue" : "%.3f""#, rgb.0, rgb.1, rgb.2)
    return
      #"    { \#(list)\#(gamutMember)"color" : { "color-space" : "\#(space)", "components" : { \#(components) } }, "idiom" : "universal" }"#
  }

  /// Lints the catalog with `configuration` (a gamut.yml's text, empty for the defaults).
  func lint(_ configuration: String = "") throws -> LintResult {
    var linter = Linter()
    if !configuration.isEmpty {
      let path = folder.path + "/gamut.yml"
      try Data(configuration.utf8).write(to: URL(fileURLWithPath: path))
      linter.configuration = try LintConfiguration(contentsOf: path)
    }
    return linter.lint([catalog])
  }

  /// The codes found, with the file each names (relative to the catalog).
  func codes(_ result: LintResult) -> [String] {
    result.findings.map {
      $0.diagnostic.code.rawValue + " " + String($0.diagnostic.path.dropFirst(catalog.count + 1))
    }
  }
}
