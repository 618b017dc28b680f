extension ColorOptions {
  /// Why the `contrast` section of `gamut.yml` cannot be used.
  struct ConfigurationError: Error {
    var message: String
  }

  /// Reads the `contrast` section of `gamut.yml` (as Yams loads it): `minimum`, `target` and `pairs`.
  mutating func readContrast(_ value: Any) throws(ConfigurationError) {
    guard let map = value as? [String: Any] else {
      throw ConfigurationError(message: "'contrast' must be a map with minimum, target and pairs")
    }
    func number(_ raw: Any?) -> Double? { (raw as? Double) ?? (raw as? Int).map(Double.init) }
    for (key, raw) in map.sorted(by: { $0.key < $1.key }) {
      switch key {
      case "minimum", "target":
        guard let ratio = number(raw), ratio >= 1, ratio <= 21 else {
          throw ConfigurationError(message: "'contrast.\(key)' must be a contrast ratio from 1 to 21")
        }
        if key == "minimum" { minimum = ratio } else { target = ratio }
      case "pairs":
        guard let list = raw as? [Any] else {
          throw ConfigurationError(message: "'contrast.pairs' must be a list of {foreground, background} maps")
        }
        pairs = []
        for (index, item) in list.enumerated() {
          guard let entry = item as? [String: Any], let foreground = entry["foreground"] as? String,
            let background = entry["background"] as? String
          else {
            throw ConfigurationError(
              message: "'contrast.pairs[\(index)]' must name a foreground and a background color")
          }
          var text = TextSize.normal
          if let raw = entry["text"] {
            guard let name = raw as? String, let size = TextSize(rawValue: name) else {
              throw ConfigurationError(message: "'contrast.pairs[\(index)].text' must be normal, large or graphic")
            }
            text = size
          }
          if let unknown = entry.keys.sorted().first(where: { !["foreground", "background", "text"].contains($0) }) {
            throw ConfigurationError(message: "unknown key 'contrast.pairs[\(index)].\(unknown)'")
          }
          pairs.append(Pair(foreground: foreground, background: background, text: text))
        }
      default:
        throw ConfigurationError(message: "unknown option 'contrast.\(key)'")
      }
    }
    if target < minimum {
      throw ConfigurationError(message: "'contrast.target' (\(target)) is below 'contrast.minimum' (\(minimum))")
    }
  }
}
