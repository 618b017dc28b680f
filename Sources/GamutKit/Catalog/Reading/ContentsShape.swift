/// What gamut knows of the `Contents.json` files of a catalog: the keys each object may hold and the type of each
/// value. ``CatalogReader`` checks every file against it; a value of the wrong type is an error, a key not listed
/// a note.
indirect enum ContentsShape: Sendable {
  case string
  /// A string that must be one of these (`scale`: `1x`, `2x`, `3x`).
  case oneOf([String])
  case bool
  case number
  /// A component: a string (`"0.478"`, `"0x7A"`) or, as some tools write it, a number.
  case stringOrNumber
  /// An object whose members are not checked (`resizing`, `alignment-insets`).
  case anyObject
  case array(ContentsShape)
  /// An object with these known keys.
  case object([String: ContentsShape])

  /// The name of the type, for messages.
  var typeName: String {
    switch self {
    case .string, .oneOf: "a string"
    case .bool: "a boolean"
    case .number: "a number"
    case .stringOrNumber: "a string"
    case .anyObject, .object: "an object"
    case .array: "an array"
    }
  }

  /// Whether `node` has this shape's type (its members are checked separately).
  func admits(_ node: JSONNode) -> Bool {
    switch (self, node.value) {
    case (.string, .string), (.oneOf, .string), (.bool, .bool), (.number, .number), (.stringOrNumber, .string),
      (.stringOrNumber, .number), (.anyObject, .object), (.object, .object), (.array, .array):
      true
    default: false
    }
  }

  /// The shape of a set's document (`info`, `properties` and its entries array), or of a group's (`info`,
  /// `properties`) when `kind` is nil.
  static func document(_ kind: CatalogSet.Kind?) -> ContentsShape {
    var members: [String: ContentsShape] = [
      "info": .object(["author": .string, "version": .number]),
      "properties": properties,
    ]
    if let kind { members[kind.entriesKey] = .array(entry(kind)) }
    return .object(members)
  }

  /// The `properties` keys of sets and groups.
  private static var properties: ContentsShape {
    .object([
      "template-rendering-intent": .string, "compression-type": .string, "auto-scaling": .string,
      "generate-swift-asset-symbol-extensions": .string, "preserves-vector-representation": .bool,
      "provides-namespace": .bool, "localizable": .bool, "pre-rendered": .bool,
      "on-demand-resource-tags": .array(.string),
    ])
  }

  private static var appearances: ContentsShape {
    .array(.object(["appearance": .string, "value": .string]))
  }

  /// The shape of one entry of a set of `kind`.
  private static func entry(_ kind: CatalogSet.Kind) -> ContentsShape {
    let common: [String: ContentsShape] = [
      "idiom": .string, "subtype": .string, "display-gamut": .string, "locale": .string,
      "language-direction": .string, "appearances": appearances,
    ]
    switch kind {
    case .colorSet:
      let components = ContentsShape.object(
        Dictionary(uniqueKeysWithValues: ["red", "green", "blue", "alpha", "white"].map { ($0, .stringOrNumber) }))
      let color = ContentsShape.object([
        "color-space": .string, "components": components, "platform": .string, "reference": .string,
      ])
      return .object(common.merging(["color": color, "graphics-feature-set": .string]) { $1 })
    case .symbolSet:
      return .object(common.merging(["filename": .string]) { $1 })
    case .imageSet, .appIconSet:
      var image = common
      for key in [
        "filename", "size", "platform", "role", "screen-width", "width-class", "height-class", "memory",
        "graphics-feature-set",
      ] {
        image[key] = .string
      }
      image["scale"] = .oneOf(["1x", "2x", "3x"])
      image["resizing"] = .anyObject
      image["alignment-insets"] = .anyObject
      return .object(image)
    }
  }
}
