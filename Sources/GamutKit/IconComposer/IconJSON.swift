/// A JSON document kept exactly as written: every value is a node that knows the span of the original bytes it
/// came from, so a number keeps its token (`0.50000`, `1.0290721460450276`), a color string its spelling, an object
/// its key order, duplicates and unknown keys, and the file its white space.
///
/// Why spans rather than a value tree: `icon.json` is tuned by hand in Icon Composer and gamut never rewrites it,
/// so the bytes are the truth and the nodes are an index into them. ``write()`` walks the nodes and puts the
/// document back together from them (each value from its own span, the text between values as it was), so an
/// untouched document writes back byte for byte, and a reader that lost or misplaced a node would not.
///
/// Bounded: the size is checked before anything is read (``maxBytes``), nesting is limited (``maxDepth``), and
/// neither reading nor writing recurses: both keep their own stack, so no input can exhaust the thread's stack.
package struct IconJSON: Sendable {
  /// The largest document read: real `icon.json` files are a few kilobytes.
  package static let maxBytes = 1 << 20
  /// The deepest nesting read: real documents nest seven levels.
  package static let maxDepth = 32

  /// What a node holds.
  package enum Kind: String, Sendable {
    case object, array, string, number, bool, null
  }

  /// One value of the document.
  package struct Node: Sendable {
    package var kind: Kind
    /// The value's bytes: the token, or a container from its opening to its closing bracket.
    package var span: Range<Int>
    /// The 1-based line the value starts on.
    package var line: Int
    /// The nodes of an array's elements or an object's member values, in document order.
    package var children: [Int] = []
    /// An object's keys (unescaped), one per child, duplicates kept.
    package var keys: [String] = []
  }

  /// Why a document cannot be read: the line and what is wrong.
  package struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var reason: String
    package var description: String { "not valid JSON at line \(line): \(reason)" }
  }

  /// The document's bytes, as read.
  package let bytes: [UInt8]
  /// Every value, in document order; the root is node 0.
  package private(set) var nodes: [Node]

  /// The root value's node.
  package var root: Int { 0 }

  /// Reads `bytes` as one JSON value surrounded by white space.
  package init(_ bytes: [UInt8]) throws(Error) {
    guard bytes.count <= Self.maxBytes else {
      throw Error(line: 1, reason: "the document is \(bytes.count) bytes, more than the \(Self.maxBytes) read")
    }
    self.bytes = bytes
    var parser = IconJSONParser(bytes: bytes)
    nodes = try parser.document()
  }

  /// The exact text of a node (a number's token, a string with its quotes and escapes).
  package func text(_ node: Int) -> String {
    String(decoding: bytes[nodes[node].span], as: UTF8.self)
  }

  /// The value of the first member named `key` of an object node; nil for a missing key or a non-object.
  package func member(_ node: Int, _ key: String) -> Int? {
    guard nodes[node].kind == .object, let index = nodes[node].keys.firstIndex(of: key) else { return nil }
    return nodes[node].children[index]
  }

  /// The members of an object node as (key, value node) pairs in document order; empty for anything else.
  package func members(_ node: Int) -> [(key: String, value: Int)] {
    Array(zip(nodes[node].keys, nodes[node].children)).map { (key: $0.0, value: $0.1) }
  }

  /// The unescaped value of a string node, nil for any other kind.
  package func string(_ node: Int) -> String? {
    guard nodes[node].kind == .string else { return nil }
    return IconJSONParser.unescape(bytes[nodes[node].span])
  }

  /// The value of a number node, nil for any other kind.
  package func number(_ node: Int) -> Double? {
    guard nodes[node].kind == .number else { return nil }
    return Double(text(node))
  }

  /// The value of a `true` or `false` node, nil for any other kind.
  package func bool(_ node: Int) -> Bool? {
    guard nodes[node].kind == .bool else { return nil }
    return bytes[nodes[node].span.lowerBound] == UInt8(ascii: "t")
  }

  /// The value's text with white space outside strings removed: equal for two values written alike, whatever
  /// their layout (`{"a" : 1}` and `{"a":1}`). With `numbersAsValues`, each number is written as its value, so
  /// `0.5` and `0.50000` compare equal.
  package func compactText(_ node: Int, numbersAsValues: Bool = false) -> String {
    var result: [UInt8] = []
    var number: [UInt8] = []
    var inString = false
    var escaped = false
    func endNumber() {
      guard !number.isEmpty else { return }
      let token = String(decoding: number, as: UTF8.self)
      result += Array((numbersAsValues ? Double(token).map { "\($0)" } ?? token : token).utf8)
      number = []
    }
    for byte in bytes[nodes[node].span] {
      if inString {
        result.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == 0x22 {
          inString = false
        }
      } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || (0x30...0x39).contains(byte)
      {
        // Inside a value only numbers hold these bytes outside strings (`true` and `false` hold an `e`).
        if number.isEmpty && (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")) {
          result.append(byte)
        } else {
          number.append(byte)
        }
      } else {
        endNumber()
        if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
          result.append(byte)
          if byte == 0x22 { inString = true }
        }
      }
    }
    endNumber()
    return String(decoding: result, as: UTF8.self)
  }

  /// The document put back together from its nodes: the text before the root, each node's text in turn with the
  /// text between nodes (white space, keys, colons, commas) as it was, and the text after the root. For a
  /// document read and not changed, these are its bytes.
  package func write() -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var position = 0
    // Each open container with the index of its next child to write.
    var stack: [(node: Int, next: Int)] = [(root, 0)]
    output += bytes[position..<nodes[root].span.lowerBound]
    position = nodes[root].span.lowerBound
    while let (node, next) = stack.last {
      // The children are read in place, never copied: a long list costs one step per element.
      if next < nodes[node].children.count {
        stack[stack.count - 1].next += 1
        let childIndex = nodes[node].children[next]
        let child = nodes[childIndex]
        output += bytes[position..<child.span.lowerBound]
        if child.kind == .object || child.kind == .array {
          position = child.span.lowerBound
          stack.append((childIndex, 0))
        } else {
          output += bytes[child.span]
          position = child.span.upperBound
        }
      } else {
        output += bytes[position..<nodes[node].span.upperBound]
        position = nodes[node].span.upperBound
        stack.removeLast()
      }
    }
    output += bytes[position...]
    return output
  }
}
