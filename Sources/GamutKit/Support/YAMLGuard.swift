internal import CYaml

/// A pass over YAML text that refuses what could make reading it cost more than its size, before any node is
/// composed: anchors and aliases (`&name`, `*name`, `<<: *name`), whose expansion grows exponentially with a few
/// hundred bytes (the "billion laughs"), and collections nested deeper than ``maxDepth`` (composing recurses once
/// per level). Without aliases a document composes to at most one node per event, so the rest is linear in the text.
///
/// gamut's YAML files (color files and `gamut.yml`) never need anchors: each value is written where it is used.
package enum YAMLGuard {
  /// The deepest nesting of mappings and sequences accepted.
  package static let maxDepth = 64

  /// Why the text is refused: the 1-based line and what was found.
  package struct Refusal: Error, Sendable, Equatable {
    package var line: Int
    package var message: String
  }

  /// Checks `text`; a syntax error is left for the composer to report (it says more).
  package static func check(_ text: String) throws(Refusal) {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return }
    defer { yaml_parser_delete(&parser) }
    let utf8 = Array(text.utf8)
    try utf8.withUnsafeBufferPointer { (buffer) throws(Refusal) in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var depth = 0
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { return }
        defer { yaml_event_delete(&event) }
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_STREAM_END_EVENT:
          return
        case YAML_ALIAS_EVENT:
          throw Refusal(line: line, message: "an alias (*name): gamut reads YAML without anchors and aliases")
        case YAML_SCALAR_EVENT:
          if event.data.scalar.anchor != nil { throw anchor(line) }
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
          let anchor =
            event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
          if anchor != nil { throw Self.anchor(line) }
          depth += 1
          if depth > maxDepth {
            throw Refusal(line: line, message: "mappings and lists nested deeper than \(maxDepth) levels")
          }
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
          depth -= 1
        default:
          break
        }
      }
    }
  }

  private static func anchor(_ line: Int) -> Refusal {
    Refusal(line: line, message: "an anchor (&name): gamut reads YAML without anchors and aliases")
  }
}
