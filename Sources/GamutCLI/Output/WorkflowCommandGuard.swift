/// What keeps a line gamut prints from being read as a GitHub Actions workflow command it does not mean.
///
/// The runner reads every line a step prints on standard output or standard error (a line ends at LF or CR) and
/// takes it as a command in two forms (actions/runner, `ActionCommand.TryParseV2` and `TryParse`): a line that
/// starts with `::` once leading white space is trimmed (`::error title=x::forged`, `::add-mask::`,
/// `::stop-commands::`, which silences every later annotation), and a line holding `##[` anywhere followed by a
/// command name and `]` (`##[error]forged`). A file or folder name can hold either, and findings and tables print
/// names. So in every line that is not a command gamut means:
/// - the first `:` of a leading `::` is written `\u{3A}`;
/// - each `[` after `##` is written `\u{5B}`;
/// the same `\u{...}` escapes that ``GamutKit/Diagnostic/printable(_:)`` uses for control characters.
enum WorkflowCommandGuard {
  /// `text` with every line that the runner would take as a command defused.
  static func defused(_ text: String) -> String {
    guard mayHoldCommand(text) else { return text }
    var result = ""
    var atLineStart = true
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.first {
      scalars = scalars.dropFirst()
      if atLineStart && scalar == ":" && scalars.first == ":" {
        result += "\\u{3A}"
        atLineStart = false
        continue
      }
      if scalar == "[" && result.unicodeScalars.suffix(2).elementsEqual("##".unicodeScalars) {
        result += "\\u{5B}"
      } else {
        result.unicodeScalars.append(scalar)
      }
      if scalar == "\n" || scalar == "\r" {
        atLineStart = true
      } else if !scalar.properties.isWhitespace {
        atLineStart = false
      }
    }
    return result
  }

  /// A JSON text with `##[` inside its strings written `##\u005B` (`##[` cannot occur outside a string, and a JSON
  /// text's lines never start with `::`), so that it reads back as the same value.
  static func defusedJSON(_ json: String) -> String {
    json.contains("##[") ? json.replacing("##[", with: "##\\u005B") : json
  }

  /// Whether `text` holds `::` or `##[` at all: most text does not, and is written as it is.
  private static func mayHoldCommand(_ text: String) -> Bool {
    text.contains("::") || text.contains("##[")
  }
}
