/// Checks the contrast of a foreground color on a background color in each appearance.
public enum ContrastCheck {
  /// An appearance a pair is checked in.
  public enum Appearance: String, Sendable, Codable, CaseIterable {
    case light
    case dark
    case lightHighContrast = "light-hc"
    case darkHighContrast = "dark-hc"

    public var isDark: Bool { self == .dark || self == .darkHighContrast }
    public var highContrast: Bool { self == .lightHighContrast || self == .darkHighContrast }
    /// The same appearance with normal contrast.
    public var normal: Appearance { isDark ? .dark : .light }
    /// For messages: `light`, `dark`, `light + high contrast`, `dark + high contrast`.
    public var label: String { (isDark ? "dark" : "light") + (highContrast ? " + high contrast" : "") }
  }

  /// The ratio of one pair in one appearance and idiom.
  public struct Result: Sendable, Equatable, Codable {
    public enum Verdict: String, Sendable, Codable {
      /// At or above the target.
      case pass
      /// At or above the minimum, below the target.
      case belowTarget = "below-target"
      /// Below the minimum.
      case belowMinimum = "below-minimum"
      /// A color is a system reference the HIG tables do not list, so the ratio is unknown.
      case unresolved
    }

    public var foreground: String
    public var background: String
    public var text: ColorOptions.TextSize
    public var idiom: String
    public var appearance: Appearance
    /// `nil` when unresolved.
    public var ratio: Double?
    public var minimum: Double
    public var target: Double
    public var verdict: Verdict
    /// The two colors as resolved (CSS notation), for the record.
    public var foregroundColor: String?
    public var backgroundColor: String?
  }

  /// The color a definition shows in `appearance` for `idiom`: its own variant after the system's fallback, or a
  /// system color's published value; `nil` for a system color the tables do not list.
  package static func color(
    of definition: ColorDefinition, in appearance: Appearance, idiom: RenditionTraits.Idiom = .universal
  ) -> ColorValue? {
    let slot = ColorDefinition.Slot(
      idiom: idiom, appearance: appearance.isDark ? .dark : .light, highContrast: appearance.highContrast)
    switch definition.resolved(slot) {
    case .color(let value): return value
    case .system(let reference):
      return SystemColor.resolve(reference)?.value(dark: appearance.isDark, highContrast: appearance.highContrast)
    case .unfilled, nil: return nil
    }
  }

  /// The appearances a pair is checked in: light always; dark when either color has a dark variant; the
  /// high-contrast ones when either has a high-contrast variant (dark + high contrast only when dark is checked).
  package static func appearances(_ first: ColorDefinition, _ second: ColorDefinition) -> [Appearance] {
    let slots = Array(first.variants.keys) + Array(second.variants.keys)
    let references = [first, second].flatMap { $0.variants.values }.contains {
      if case .system = $0 { return true }
      return false
    }
    let dark = references || slots.contains { $0.appearance == .dark }
    let high = references || slots.contains { $0.highContrast }
    var result: [Appearance] = [.light]
    if dark { result.append(.dark) }
    if high { result.append(.lightHighContrast) }
    if dark && high { result.append(.darkHighContrast) }
    return result
  }

  /// The ratios of `foreground` on `background` in `appearances` (by default those the pair defines) for `idiom`.
  package static func evaluate(
    foreground: ColorDefinition, background: ColorDefinition, text: ColorOptions.TextSize, options: ColorOptions,
    appearances: [Appearance]? = nil, idiom: RenditionTraits.Idiom = .universal
  ) -> [Result] {
    let (minimum, target) = options.thresholds(for: text)
    return (appearances ?? Self.appearances(foreground, background)).map { appearance in
      let top = color(of: foreground, in: appearance, idiom: idiom)
      let bottom = color(of: background, in: appearance, idiom: idiom)
      var result = Result(
        foreground: foreground.qualifiedName, background: background.qualifiedName, text: text,
        idiom: idiom.rawValue, appearance: appearance, ratio: nil, minimum: minimum, target: target,
        verdict: .unresolved, foregroundColor: top?.cssText, backgroundColor: bottom?.cssText)
      guard let top, let bottom else { return result }
      let ratio = ContrastRatio.ratio(
        foreground: top, background: bottom, underlay: appearance.isDark ? ContrastRatio.black : ContrastRatio.white)
      result.ratio = ratio
      result.verdict = ratio < minimum ? .belowMinimum : ratio < target ? .belowTarget : .pass
      return result
    }
  }

  /// A ratio that cannot be raised: black on white is 21:1 (what two-decimal display shows as 21.00).
  static let maximumRatio = 20.995

  /// The findings for one pair's results: below the minimum (warning), below the target (note), a high-contrast
  /// appearance that does not raise the ratio (warning; not when the normal one is already 21:1), an unresolved
  /// system color (note). The findings point at `color`'s definition (the foreground's).
  package static func diagnostics(_ results: [Result], about color: ColorDefinition) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    for result in results {
      let pair = "\(QuotedValue.quote(result.foreground)) on \(QuotedValue.quote(result.background))"
      let context = "in \(result.appearance.label)" + (result.idiom == "universal" ? "" : " (\(result.idiom))")
      guard let ratio = result.ratio else {
        findings.append(
          Diagnostic(
            about: color, severity: .note, code: .contrastUnresolved,
            message: "contrast of \(pair) \(context) not checked: a system color without published values"))
        continue
      }
      let colors = "(\(result.foregroundColor ?? "?") on \(result.backgroundColor ?? "?"))"
      let size = "\(result.text.rawValue) text".replacingOccurrences(of: "graphic text", with: "graphics")
      switch result.verdict {
      case .belowMinimum:
        findings.append(
          Diagnostic(
            about: color, severity: .warning, code: .contrastBelowMinimum,
            message: "contrast of \(pair) \(context) is \(ContrastRatio.text(ratio)), below the minimum "
              + "\(result.minimum):1 for \(size) \(colors)"))
      case .belowTarget:
        findings.append(
          Diagnostic(
            about: color, severity: .note, code: .contrastBelowTarget,
            message: "contrast of \(pair) \(context) is \(ContrastRatio.text(ratio)), below the target "
              + "\(result.target):1 for \(size) \(colors)"))
      case .pass, .unresolved:
        break
      }
      if result.appearance.highContrast,
        let normal = results.first(where: { $0.appearance == result.appearance.normal && $0.idiom == result.idiom }),
        let normalRatio = normal.ratio, ratio <= normalRatio, normalRatio < maximumRatio
      {
        findings.append(
          Diagnostic(
            about: color, severity: .warning, code: .contrastHighContrastNotHigher,
            message: "contrast of \(pair) \(context) is \(ContrastRatio.text(ratio)), not higher than "
              + "\(ContrastRatio.text(normalRatio)) in \(normal.appearance.label)"))
      }
    }
    return findings
  }
}
