/// Builds the `Contents.json` documents of a catalog: the root, group folders and imagesets.
enum ContentsFile {
  /// `"info" : { "author" : "xcode", "version" : 1 }`, as Xcode writes it.
  static let info: XcodeJSON = .object(["author": .string("xcode"), "version": .integer(1)])

  /// The catalog root's `Contents.json`.
  static func root() -> String {
    XcodeJSON.object(["info": info]).rendered()
  }

  /// A group folder's `Contents.json`; `providesNamespace` prefixes its assets' names with the folder name.
  static func folder(providesNamespace: Bool) -> String {
    var document: [String: XcodeJSON] = ["info": info]
    if providesNamespace { document["properties"] = .object(["provides-namespace": .bool(true)]) }
    return XcodeJSON.object(document).rendered()
  }

  /// An imageset's `Contents.json`: one entry per rendition file, in Xcode's order, and the template
  /// rendering intent for template images.
  static func imageSet(renditions: [(traits: RenditionTraits, fileName: String)], isTemplate: Bool) -> String {
    let images = renditions.sorted { $0.traits < $1.traits }.map { $0.traits.contentsEntry(fileName: $0.fileName) }
    var document: [String: XcodeJSON] = ["images": .array(images), "info": info]
    if isTemplate {
      document["properties"] = .object(["template-rendering-intent": .string("template")])
    }
    return XcodeJSON.object(document).rendered()
  }
}
