import Foundation

extension BuildConfiguration {
  /// Reads the keys of a configuration file into ``BuildOptions``, a key at a time: each group of keys has its own
  /// step, and a key no step takes is an error.
  struct Reader {
    /// The file, named in errors; relative paths in it are relative to its folder.
    let path: String
    /// The options read so far, over the defaults.
    var options = BuildOptions()

    init(path: String) {
      self.path = path
    }

    /// Every top-level key of `gamut.yml`: the one list docs/configuration.md is checked against. A key outside it
    /// is refused before any step looks at it.
    static let keys = CatalogRules.keys.union([
      "gamut", "intent", "blackPointCompensation", "gamutMapping", "dither", "compression", "aliases", "namespaces",
      "idioms", "darkWhiteShare", "report", "thresholds", "requireHighContrast", "contrast", "generateScales", "kept",
      "appIcon", "appIcons", "iconBundles", "lint",
    ])

    /// Applies `key` with its `value`, or throws the error that names it.
    mutating func read(_ key: String, _ value: Any) throws(Error) {
      guard Self.keys.contains(key) else { throw unknown(key) }
      if try readConversion(key, value) { return }
      if try readNaming(key, value) { return }
      if try readChecks(key, value) { return }
      if try readKinds(key, value) { return }
      if key == "lint" { return }  // `gamut lint`'s section, read by LintConfiguration
      throw unknown(key)  // listed in `keys` but read by no step: ConfigurationReferenceTests finds it
    }

    private func unknown(_ key: String) -> Error {
      Error(path: path, message: "unknown option \(QuotedValue.quote(key))")
    }

    private func fail(_ key: String, _ expected: String) -> Error {
      Error(path: path, message: "\(QuotedValue.quote(key)) must be \(expected)")
    }

    /// The gamut policy and how pixels are converted and written; false for another key.
    private mutating func readConversion(_ key: String, _ value: Any) throws(Error) -> Bool {
      switch key {
      case "gamut":
        guard let text = value as? String, let policy = GamutPolicy(rawValue: text) else {
          throw fail(key, "one of auto, both, srgb")
        }
        options.gamutPolicy = policy
      case "intent":
        guard let text = value as? String, let intent = RenderingIntent(rawValue: text) else {
          throw fail(key, "one of " + RenderingIntent.allCases.map(\.rawValue).joined(separator: ", "))
        }
        options.conversion.intent = intent
      case "blackPointCompensation":
        guard let flag = value as? Bool else { throw fail(key, "true or false") }
        options.conversion.blackPointCompensation = flag
      case "gamutMapping":
        guard let text = value as? String, let mapping = GamutMapping(rawValue: text) else {
          throw fail(key, "clip or chroma")
        }
        options.conversion.gamutMapping = mapping
      case "dither":
        guard let flag = value as? Bool else { throw fail(key, "true or false") }
        options.conversion.dither = flag
      case "compression":
        guard let level = value as? Int, CompressionLevel.range.contains(level) else {
          throw fail(key, "a deflate level from 0 to 9")
        }
        options.compressionLevel = level
      default:
        return false
      }
      return true
    }

    /// How source names become asset names and which idioms are allowed; false for another key.
    private mutating func readNaming(_ key: String, _ value: Any) throws(Error) -> Bool {
      switch key {
      case "aliases":
        if let flag = value as? Bool {
          options.aliases = flag ? .standard : .none
        } else if let custom = YAMLMapping.stringKeyed(value) {
          var suffixes = NameAliases.standard.suffixes
          for (suffix, tokens) in custom {
            guard let list = tokens as? [String] else { throw fail(key, "true, false, or a map of suffix to tokens") }
            if let problem = NameAliases.problem(suffix: suffix, tokens: list) {
              throw Error(path: path, message: "'aliases': " + problem)
            }
            suffixes[suffix] = list
          }
          options.aliases = NameAliases(suffixes: suffixes)
        } else {
          throw fail(key, "true, false, or a map of suffix to tokens")
        }
      case "namespaces":
        if let flag = value as? Bool {
          options.namespaces = flag ? .all : .none
        } else if let folders = value as? [String] {
          options.namespaces = .folders(Set(folders))
        } else {
          throw fail(key, "true, false, or a list of folders")
        }
      case "idioms":
        guard let names = value as? [String] else { throw fail(key, "a list of idioms") }
        var idioms: Set<RenditionTraits.Idiom> = [.universal]
        for name in names {
          guard let idiom = RenditionTraits.Idiom(rawValue: name) else {
            throw fail(key, "a list of: " + RenditionTraits.Idiom.allCases.map(\.rawValue).joined(separator: ", "))
          }
          idioms.insert(idiom)
        }
        options.idioms = idioms
      default:
        return false
      }
      return true
    }

    /// The checks' limits, the colors' contrast rules and the report; false for another key.
    private mutating func readChecks(_ key: String, _ value: Any) throws(Error) -> Bool {
      switch key {
      case "darkWhiteShare":
        guard let share = BuildConfiguration.number(value), (0...1).contains(share) else {
          throw fail(key, "a share from 0 to 1")
        }
        options.darkWhiteShareLimit = share
      case "report":
        guard let text = value as? String, text.hasSuffix(".html") else { throw fail(key, "a path ending in .html") }
        let folder = (path as NSString).deletingLastPathComponent
        options.reportPath = text.hasPrefix("/") || folder.isEmpty ? text : folder + "/" + text
      case "thresholds":
        guard let values = YAMLMapping.stringKeyed(value) else {
          throw fail(key, "a map of threshold names to numbers")
        }
        for (name, raw) in values {
          guard let number = BuildConfiguration.number(raw), number >= 0, number.isFinite else {
            throw fail("thresholds.\(name)", "a finite number ≥ 0")
          }
          guard options.thresholds.set(name, to: number) else {
            throw Error(path: path, message: "unknown threshold 'thresholds.\(name)'")
          }
        }
      case "requireHighContrast":
        guard let flag = value as? Bool else { throw fail(key, "true or false") }
        options.colors.requireHighContrast = flag
      case "contrast":
        do throws(ColorOptions.ConfigurationError) {
          try options.colors.readContrast(value)
        } catch {
          throw Error(path: path, message: error.message)
        }
      default:
        return false
      }
      return true
    }

    /// The catalog's rules, the options of each asset kind and where the Icon Composer bundles are; false for
    /// another key.
    private mutating func readKinds(_ key: String, _ value: Any) throws(Error) -> Bool {
      switch key {
      case _ where CatalogRules.keys.contains(key):
        if let expected = options.catalogRules.set(key, value) { throw fail(key, expected) }
      case "generateScales":
        guard let flag = value as? Bool else { throw fail(key, "true or false") }
        options.generateScales = flag
      case "kept":
        guard let text = value as? String, !text.isEmpty, !text.hasPrefix("/"),
          !text.split(separator: "/").contains("..")
        else { throw fail(key, "a folder inside the source folder, such as kept") }
        options.keptFolder = text
      case "appIcon", "appIcons":
        do throws(AppIconOptions.ConfigurationError) {
          try key == "appIcon" ? options.appIcons.configure(value) : options.appIcons.configureNames(value)
        } catch {
          throw Error(path: path, message: error.message)
        }
      case "iconBundles":
        guard let places = value as? [String], !places.contains(where: \.isEmpty) else {
          throw fail(key, "a list of .icon bundles or folders holding them")
        }
        let folder = (path as NSString).deletingLastPathComponent
        options.iconBundles = places.map { $0.hasPrefix("/") || folder.isEmpty ? $0 : folder + "/" + $0 }
      default:
        return false
      }
      return true
    }
  }
}

extension ClippingThresholds {
  /// The names of the thresholds `thresholds:` sets (docs/configuration.md is checked against them).
  static let names = [
    "invisibleDeltaE", "errorMinimumDeltaE", "errorPlateauShare", "errorLostDistinctionShare", "errorShareAboveDeltaE5",
    "warningPlateauShare", "warningLostDistinctionShare", "warningP99DeltaE",
  ]

  /// Sets the threshold named like its property; false for an unknown name.
  fileprivate mutating func set(_ name: String, to value: Double) -> Bool {
    switch name {
    case "invisibleDeltaE": invisibleDeltaE = value
    case "errorMinimumDeltaE": errorMinimumDeltaE = value
    case "errorPlateauShare": errorPlateauShare = value
    case "errorLostDistinctionShare": errorLostDistinctionShare = value
    case "errorShareAboveDeltaE5": errorShareAboveDeltaE5 = value
    case "warningPlateauShare": warningPlateauShare = value
    case "warningLostDistinctionShare": warningLostDistinctionShare = value
    case "warningP99DeltaE": warningP99DeltaE = value
    default: return false
    }
    return true
  }
}
