/// What gamut needs to know of an XML document (an SVG), read by a small well-formedness checker of its own: the
/// root element's name and, for the first element with each `id`, the `id`s of the elements around it.
///
/// The checker takes UTF-8 text and insists on what XML calls well-formed: one root element, tags that nest and
/// close in order, names that are names, attribute values in quotes without `<`, no attribute twice on one
/// element, `&` only as a reference (`&amp;`, `&#38;`, `&#x26;`, or a declared name), and nothing but comments,
/// processing instructions and white space around the root, every character one XML allows (no NUL, no other
/// control character but tab and line breaks, valid UTF-8 throughout, character references included). A document
/// type declaration is read for the names of the entities its internal subset declares (comments, processing
/// instructions and quoted strings in it are skipped whole); an entity reference must name one of those or a
/// predefined entity. Entities are never expanded, so a file cannot grow in memory the way an "entity bomb" makes an
/// expanding parser grow. Encodings other than UTF-8 (and ASCII) are not read.
struct XMLOutline: Sendable {
  /// The root element's name, prefix included (`svg`, `svg:svg`).
  var rootName: String
  /// Every element with an `id`, in document order, with the index (here) of the nearest enclosing one: a tree
  /// kept as parent links, so that a deeply nested file costs one entry per element, not one per ancestor.
  private var identified: [(id: String, parent: Int?)]
  /// The index in `identified` of the first element with each `id`.
  private var firstIndex: [String: Int]
  /// The local names (without prefix) of the elements the document has, such as `path`, `text`, `filter`.
  private(set) var elementNames: Set<String>
  /// The local names of the attributes the document's elements have, such as `fill`, `filter`.
  private(set) var attributeNames: Set<String>

  /// Why a document is not well-formed: where (1-based line) and what.
  struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var reason: String
    var description: String { "not well-formed XML at line \(line): \(reason)" }
  }

  /// Reads `bytes`.
  init(_ bytes: [UInt8]) throws(Error) {
    try Self.checkCharacters(bytes)
    var reader = Reader(bytes: bytes)
    try reader.document()
    rootName = reader.rootName
    identified = reader.identified
    firstIndex = reader.firstIndex
    elementNames = reader.elementNames
    attributeNames = reader.attributeNames
  }

  /// `name` without its prefix (`svg` for `svg:svg`).
  static func localName(_ name: String) -> String {
    name.split(separator: ":").last.map(String.init) ?? name
  }

  /// The `id` values of the elements around the first element with `id`, outermost first; nil when no element
  /// has that `id`.
  func ancestors(of id: String) -> [String]? {
    guard let index = firstIndex[id] else { return nil }
    var chain: [String] = []
    var parent = identified[index].parent
    while let current = parent {
      chain.append(identified[current].id)
      parent = identified[current].parent
    }
    return chain.reversed()
  }

  /// The local name of the root (`svg` for `svg:svg`).
  var rootLocalName: Substring {
    rootName.split(separator: ":").last ?? Substring(rootName)
  }

  /// Checks that `bytes` are UTF-8 whose every character XML allows (`Char` in the XML 1.0 grammar).
  static func checkCharacters(_ bytes: [UInt8]) throws(Error) {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var line = 1
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\n" { line += 1 }
        guard isCharacter(scalar.value) else {
          throw Error(
            line: line,
            reason: "the character U+\(String(scalar.value, radix: 16, uppercase: true)) is not allowed in XML")
        }
      case .emptyInput:
        return
      case .error:
        throw Error(line: line, reason: "the text is not valid UTF-8")
      }
    }
  }

  /// Whether XML 1.0 allows the code point in a document: tab, line feed, carriage return, and the rest of
  /// Unicode but other controls, surrogates, U+FFFE and U+FFFF.
  static func isCharacter(_ value: UInt32) -> Bool {
    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
      || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    /// The general entities a reference may name: XML's five and those the internal subset declares.
    var entities: Set<String> = ["lt", "gt", "amp", "apos", "quot"]
    var rootName = ""
    var identified: [(id: String, parent: Int?)] = []
    var firstIndex: [String: Int] = [:]
    var elementNames: Set<String> = []
    var attributeNames: Set<String> = []

    init(bytes: [UInt8]) {
      self.bytes = bytes
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func fail(_ reason: String, at position: Int? = nil) -> Error {
      let end = min(position ?? index, bytes.count)
      return Error(line: 1 + bytes[..<end].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }, reason: reason)
    }

    func starts(_ text: StaticString) -> Bool {
      var position = index
      for byte in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
      }
      return true
    }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Moves past the next `terminator`, or fails with `what` unclosed.
    mutating func skip(past terminator: StaticString, what: String) throws(Error) {
      let start = index
      while index < bytes.count {
        if bytes[index] == terminator.utf8Start.pointee && starts(terminator) {
          index += terminator.utf8CodeUnitCount
          return
        }
        index += 1
      }
      throw fail("\(what) is not closed", at: start)
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
      (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
      isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    mutating func name() throws(Error) -> String {
      guard index < bytes.count, Self.isNameStart(bytes[index]) else { throw fail("a name was expected") }
      let start = index
      while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Checks the reference that starts at `&`, and moves past it.
    mutating func reference() throws(Error) {
      let start = index
      index += 1
      if index < bytes.count, bytes[index] == 0x23 {  // '#'
        index += 1
        let hex = index < bytes.count && bytes[index] == 0x78  // 'x'
        if hex { index += 1 }
        let digitsStart = index
        while index < bytes.count, Self.isDigit(bytes[index], hex: hex) { index += 1 }
        guard index > digitsStart, index < bytes.count, bytes[index] == 0x3B else {
          throw fail("a malformed character reference", at: start)
        }
        let digits = String(decoding: bytes[digitsStart..<index], as: UTF8.self)
        guard index - digitsStart <= 8, let value = UInt32(digits, radix: hex ? 16 : 10), XMLOutline.isCharacter(value)
        else {
          throw fail("a character reference to a character XML does not allow", at: start)
        }
      } else {
        guard let entity = try? name(), index < bytes.count, bytes[index] == 0x3B else {
          throw fail("'&' that does not start a reference (write &amp;)", at: start)
        }
        guard entities.contains(entity) else {
          throw fail("a reference to the undeclared entity \(QuotedValue.quote(entity))", at: start)
        }
      }
      index += 1
    }

    static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (hex && ((byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)))
    }

    /// Comments, processing instructions and white space, as allowed before and after the root.
    mutating func misc() throws(Error) {
      while true {
        skipSpace()
        if starts("<!--") {
          try skip(past: "-->", what: "a comment")
        } else if starts("<?") {
          try skip(past: "?>", what: "a processing instruction")
        } else {
          return
        }
      }
    }

    /// A document type declaration: its external identifier skipped, its internal subset read for the entities
    /// it declares.
    mutating func doctype() throws(Error) {
      let start = index
      index += 9  // <!DOCTYPE
      while index < bytes.count, bytes[index] != 0x5B, bytes[index] != 0x3E {  // '[', '>'
        if bytes[index] == 0x22 || bytes[index] == 0x27 { try quoted() } else { index += 1 }
      }
      if index < bytes.count, bytes[index] == 0x5B {
        index += 1
        try internalSubset()
        skipSpace()
      }
      guard index < bytes.count, bytes[index] == 0x3E else {
        throw fail("the document type declaration is not closed", at: start)
      }
      index += 1
    }

    /// Moves past a quoted string that starts at the quote.
    mutating func quoted() throws(Error) {
      let start = index
      let quote = bytes[index]
      index += 1
      while index < bytes.count, bytes[index] != quote { index += 1 }
      guard index < bytes.count else { throw fail("a quoted string is not closed", at: start) }
      index += 1
    }

    /// The declarations between `[` and `]`, and the `]`.
    mutating func internalSubset() throws(Error) {
      while true {
        skipSpace()
        guard index < bytes.count else { throw fail("the internal subset is not closed") }
        if bytes[index] == 0x5D {  // ']'
          index += 1
          return
        } else if starts("<!--") {
          try skip(past: "-->", what: "a comment")
        } else if starts("<?") {
          try skip(past: "?>", what: "a processing instruction")
        } else if starts("<!ENTITY") {
          index += 8
          skipSpace()
          let parameter = index < bytes.count && bytes[index] == 0x25  // '%'
          if parameter {
            index += 1
            skipSpace()
          }
          let entity = try name()
          if !parameter { entities.insert(entity) }
          try declarationEnd()
        } else if starts("<!") {
          index += 2
          try declarationEnd()
        } else if bytes[index] == 0x25 {  // a parameter-entity reference, %name;
          index += 1
          _ = try name()
          guard index < bytes.count, bytes[index] == 0x3B else { throw fail("';' expected after '%name'") }
          index += 1
        } else {
          throw fail("a declaration was expected in the internal subset")
        }
      }
    }

    /// Moves past the `>` that ends a markup declaration, skipping quoted strings.
    mutating func declarationEnd() throws(Error) {
      let start = index
      while index < bytes.count, bytes[index] != 0x3E {
        if bytes[index] == 0x22 || bytes[index] == 0x27 { try quoted() } else { index += 1 }
      }
      guard index < bytes.count else { throw fail("a declaration is not closed", at: start) }
      index += 1
    }

    mutating func document() throws(Error) {
      try misc()
      if starts("<!DOCTYPE") {
        try doctype()
        try misc()
      }
      guard index < bytes.count, bytes[index] == 0x3C else {
        throw fail(index < bytes.count ? "text before the root element" : "no root element")
      }
      // Each open element with the index in `identified` of itself or its nearest enclosing element with an id.
      var stack: [(name: String, nearestID: Int?)] = []
      repeat {
        if bytes[index] != 0x3C {
          if bytes[index] == 0x26 { try reference() } else { index += 1 }
        } else if starts("</") {
          let start = index
          index += 2
          let closing = try name()
          skipSpace()
          guard index < bytes.count, bytes[index] == 0x3E else { throw fail("'>' expected to end a tag") }
          index += 1
          guard let open = stack.popLast() else { throw fail("'</\(closing)>' closes nothing", at: start) }
          guard open.name == closing else {
            throw fail("'</\(closing)>' closes '<\(open.name)>'", at: start)
          }
        } else if starts("<!--") {
          try skip(past: "-->", what: "a comment")
        } else if starts("<![CDATA[") {
          try skip(past: "]]>", what: "a CDATA section")
        } else if starts("<?") {
          try skip(past: "?>", what: "a processing instruction")
        } else {
          index += 1
          let element = try name()
          let attributes = try self.attributes()
          let selfClosing = starts("/>")
          guard selfClosing || starts(">") else { throw fail("'>' expected to end '<\(element)'") }
          index += selfClosing ? 2 : 1
          if stack.isEmpty { rootName = element }
          elementNames.insert(XMLOutline.localName(element))
          for attribute in attributes.keys { attributeNames.insert(XMLOutline.localName(attribute)) }
          var nearestID = stack.last?.nearestID
          if let id = attributes["id"] {
            identified.append((id, nearestID))
            nearestID = identified.count - 1
            if firstIndex[id] == nil { firstIndex[id] = nearestID }
          }
          if !selfClosing { stack.append((element, nearestID)) }
        }
        if stack.isEmpty { break }
      } while index < bytes.count
      guard stack.isEmpty else { throw fail("'<\(stack.last!.name)>' is not closed") }
      try misc()
      guard index == bytes.count else { throw fail("content after the root element") }
    }

    /// The attributes of a start tag, up to (not past) `>` or `/>`.
    mutating func attributes() throws(Error) -> [String: String] {
      var found: [String: String] = [:]
      while true {
        let before = index
        skipSpace()
        guard index < bytes.count else { throw fail("a tag is not closed") }
        if bytes[index] == 0x3E || starts("/>") { return found }
        guard index > before else { throw fail("white space expected between attributes") }
        let attribute = try name()
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x3D else { throw fail("'=' expected after '\(attribute)'") }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
          throw fail("the value of '\(attribute)' is not in quotes")
        }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != quote {
          if bytes[index] == 0x3C { throw fail("'<' in the value of '\(attribute)'") }
          if bytes[index] == 0x26 { try reference() } else { index += 1 }
        }
        guard index < bytes.count else { throw fail("the value of '\(attribute)' is not closed", at: start) }
        guard found[attribute] == nil else { throw fail("attribute '\(attribute)' appears twice") }
        found[attribute] = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
      }
    }
  }
}
