import Foundation

@testable import GamutKit

/// An Icon Composer bundle written by a test: `Name.icon/icon.json` and `Assets/` files in a temporary folder.
struct IconTestBundle {
  let folder: TemporaryFolder
  let path: String

  /// A bundle named `name` whose `icon.json` is `json` and whose `Assets/` holds `assets` (name to bytes).
  init(_ name: String = "AppIcon", json: String, assets: [String: [UInt8]] = [:]) throws {
    folder = try TemporaryFolder()
    path = folder.path + "/" + name + ".icon"
    try FileManager.default.createDirectory(atPath: path + "/Assets", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: path + "/icon.json", contents: Data(json.utf8))
    for (file, bytes) in assets {
      FileManager.default.createFile(atPath: path + "/Assets/" + file, contents: Data(bytes))
    }
  }

  /// A simple SVG layer.
  static let shape = Array(
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1024 1024\"><circle cx=\"512\" cy=\"512\" r=\"300\"/></svg>"
      .utf8)

  /// A PNG layer of `size` × `height` pixels with `tag`.
  static func png(_ size: Int, height: Int? = nil, tag: PNGEncoder.ColorTag = .sRGB(intent: 0)) throws -> [UInt8] {
    try TestPNG.solid(width: size, height: height ?? size, layout: .rgba, value: 128, tag: tag)
  }

  /// A clean document: one group with one SVG layer `shape.svg`, complete objects, known values.
  static func document(layer: String = "", group: String = "", root: String = "") -> String {
    """
    {
      \(root)"fill" : "automatic",
      "groups" : [
        {
          \(group)"layers" : [
            {
              \(layer)"image-name" : "shape.svg",
              "name" : "shape"
            }
          ],
          "shadow" : { "kind" : "neutral", "opacity" : 0.5 },
          "translucency" : { "enabled" : true, "value" : 0.5 }
        }
      ],
      "supported-platforms" : { "squares" : "shared" }
    }
    """
  }

  /// The codes of the findings of the bundle.
  func codes() -> [String] {
    IconBundleChecks.check(bundlePath: path).map(\.code.rawValue)
  }
}
