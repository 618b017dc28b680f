internal import GamutKit

/// Fuzz body for Icon Composer documents: the bytes as `icon.json` through ``IconJSON`` (a refusal must name a
/// line), then, for a document that reads, the structure, every property resolved for each appearance and idiom,
/// the compatibility class, and the bytes written back, which must be the input.
public enum IconJSONTarget {
  public static func run(_ bytes: [UInt8]) {
    let json: IconJSON
    do throws(IconJSON.Error) {
      json = try IconJSON(bytes)
    } catch {
      precondition(error.line >= 1, "a refusal without a line")
      precondition(!error.reason.isEmpty, "a refusal without a reason")
      return
    }
    precondition(json.write() == bytes, "the document does not write back as read")
    let document = IconDocument(json)
    for element in [document.root] + document.groups.flatMap({ [$0.element] + $0.layers }) {
      for property in element.properties.values {
        for appearance in IconAppearance.allCases {
          for idiom in [nil] + IconIdiom.allCases.map(Optional.some) {
            if let node = property.resolve(appearance, idiom: idiom) {
              precondition(node < json.nodes.count, "a resolved node outside the document")
              _ = IconFill(json, node: node)?.colors.map(\.mappingDeltaE2000)
            }
          }
        }
      }
      _ = document.isHidden(element, .dark)
      _ = document.opacity(element, .tinted)
    }
    _ = IconCompatibility(document)
    _ = document.platforms
  }
}
