/// One property of a root, group or layer as `icon.json` gives it: a plain value (`"opacity" : 0.5`), a list of
/// specializations (`"opacity-specializations" : [{"appearance" : "dark", "value" : 0}]`), or both.
///
/// The effective value for an appearance and idiom (``resolve(_:idiom:)``) follows the rule the real files show
/// (docs/icon-composer.md): among the specializations whose axes all match (an axis left out matches anything),
/// the most specific wins (appearance and idiom, then appearance alone, then idiom alone, then neither), a later
/// entry over an earlier one of the same specificity; when none matches, the plain value; when there is none either, the property is unset
/// and Icon Composer's default applies.
package struct IconProperty: Sendable {
  /// One entry of `X-specializations`.
  package struct Specialization: Sendable {
    /// The `appearance` given, nil when the entry has none.
    package var appearance: String?
    /// The `idiom` given, nil when the entry has none.
    package var idiom: String?
    /// The `value`, nil when the entry has none (a malformed entry, which never matches).
    package var value: JSONNode?
    /// The entry's own object.
    package var node: JSONNode
  }

  /// The property's name (`fill`, `opacity`...).
  package var name: String
  /// The plain value.
  package var plain: JSONNode?
  /// The `X-specializations` value, when present.
  package var specializationsNode: JSONNode?
  package var specializations: [Specialization] = []

  /// Whether the document sets the property at all.
  package var isSet: Bool { plain != nil || specializationsNode != nil }

  /// The value in effect for `appearance` and `idiom` (nil for an idiom: entries with an idiom do not apply), or nil
  /// when the property is unset there.
  package func resolve(_ appearance: IconAppearance, idiom: IconIdiom? = nil) -> JSONNode? {
    var best: (rank: Int, value: JSONNode)?
    for entry in specializations {
      guard let value = entry.value else { continue }
      if let wanted = entry.appearance, wanted != appearance.rawValue { continue }
      if let wanted = entry.idiom, wanted != idiom?.rawValue { continue }
      let rank = (entry.appearance == nil ? 0 : 2) + (entry.idiom == nil ? 0 : 1)
      if best == nil || rank >= best!.rank { best = (rank, value) }
    }
    return best?.value ?? plain
  }
}
