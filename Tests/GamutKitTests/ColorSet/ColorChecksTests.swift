import Testing

@testable import GamutKit

@Suite struct ColorChecksTests {
  private func colors(_ yaml: String) -> [ColorDefinition] {
    let result = ColorFileParser.parse(yaml, source: "C.colors.yml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    return result.colors
  }

  @Test func missingVariants() {
    let list = colors(
      """
      Plain: "#336699"
      Dark: { any: "#336699", dark: "#6699CC" }
      Full: { any: "#336699", dark: "#6699CC", hc: "#003366", dark-hc: "#99CCFF" }
      Sep: { system: separator }
      """)
    func codes(_ index: Int, _ require: Bool = false) -> [String] {
      ColorChecks.missingVariants(list[index], requireHighContrast: require).map { "\($0.code):\($0.severity)" }
    }
    #expect(codes(0) == ["color-missing-dark:note", "color-missing-hc:note"])
    #expect(codes(1) == ["color-missing-hc:note"])
    #expect(codes(1, true) == ["color-missing-hc:warning"])
    #expect(codes(2).isEmpty)
    #expect(codes(3).isEmpty)
  }

  @Test func contrastPairsInEveryAppearance() throws {
    let list = colors(
      """
      Label: { any: "#000000", dark: "#FFFFFF", hc: "#000000", dark-hc: "#8E8E93" }
      Background: { any: "#FFFFFF", dark: "#1C1C1E" }
      Faint: { any: "#767676", dark: "#5A5A5A" }
      """)
    var options = ColorOptions()
    let label = ContrastCheck.evaluate(foreground: list[0], background: list[1], text: .normal, options: options)
    #expect(label.map(\.appearance) == [.light, .dark, .lightHighContrast, .darkHighContrast])
    #expect(label[0].verdict == .pass && label[1].verdict == .pass)
    let findings = ContrastCheck.diagnostics(label, about: list[0])
    // dark + high contrast (#8E8E93 on #1C1C1E) is lower than dark: a warning. light + high contrast equals light,
    // but that is 21:1 already, which nothing can raise: no warning.
    let notHigher = findings.filter { $0.code == "contrast-hc-not-higher" }
    #expect(notHigher.count == 1)
    #expect(notHigher.first?.message.contains("dark + high contrast") == true)
    #expect(findings.contains { $0.code == "contrast-below-minimum" || $0.code == "contrast-below-target" })

    let faint = ContrastCheck.evaluate(foreground: list[2], background: list[1], text: .normal, options: options)
    #expect(faint.map(\.verdict) == [.belowTarget, .belowMinimum])
    let faintFindings = ContrastCheck.diagnostics(faint, about: list[2])
    #expect(faintFindings.map(\.code) == ["contrast-below-target", "contrast-below-minimum"])
    #expect(faintFindings[0].severity == .note && faintFindings[1].severity == .warning)
    #expect(faintFindings[0].message.contains("4.54:1"))
    options.minimum = 3
    options.target = 4.5
    #expect(
      ContrastCheck.evaluate(foreground: list[2], background: list[1], text: .normal, options: options)[0].verdict
        == .pass)
  }

  /// A system reference resolves through the HIG tables; one the tables do not list is reported, not guessed.
  @Test func systemReferencesResolve() {
    let list = colors(
      """
      Red: { system: systemRed }
      Back: { any: "#FFFFFF", dark: "#000000" }
      Sep: { system: separator }
      """)
    let results = ContrastCheck.evaluate(
      foreground: list[0], background: list[1], text: .large, options: ColorOptions())
    #expect(results.count == 4)
    #expect(results[0].foregroundColor == "color(srgb 1.000 0.231 0.188)")  // 255 59 48
    #expect(results[2].foregroundColor == "color(srgb 0.843 0.000 0.082)")  // accessible 215 0 21
    let unresolved = ContrastCheck.evaluate(
      foreground: list[2], background: list[1], text: .normal, options: ColorOptions())
    #expect(unresolved.allSatisfy { $0.verdict == .unresolved })
    #expect(ContrastCheck.diagnostics(unresolved, about: list[2]).allSatisfy { $0.code == "contrast-unresolved" })
  }

  @Test func replicatesSystem() {
    let list = colors(
      """
      MyBlue: { any: "#007AFF", dark: "#0A84FF" }
      Near: { any: "#007BFF", dark: "#0A85FF" }
      Other: { any: "#007AFF", dark: "#FF0000" }
      """)
    #expect(ColorChecks.replicatesSystem(list[0]).first?.message.contains("systemBlueColor") == true)
    #expect(ColorChecks.replicatesSystem(list[1]).map(\.code) == ["color-replicates-system"])
    #expect(ColorChecks.replicatesSystem(list[2]).isEmpty)
  }

  /// Two P3 reds that clip to the same sRGB red are distinct as given and merge on an sRGB display.
  @Test func indistinctInSRGB() {
    let list = colors(
      """
      Red1: "color(display-p3 1 0 0)"
      Red2: "color(display-p3 0.95 0.15 0.1)"
      Blue: "#0000FF"
      """)
    var plans: [String: ColorSetPlan] = [:]
    for color in list { plans[color.qualifiedName] = ColorSetPlan(color, policy: .auto, mapping: .clip) }
    let findings = ColorChecks.indistinctInSRGB(list, plans: plans, mapping: .clip)
    #expect(findings.keys.sorted() == ["Red1"])
    #expect(findings["Red1"]?.map(\.code) == ["colors-indistinct-in-srgb"])
    #expect(findings["Red1"]?.first?.message.contains("'Red1' and 'Red2'") == true)
  }

  /// The gamut policy: auto pairs a set with a color outside sRGB, both pairs every set, srgb writes one entry.
  @Test func gamutPolicy() throws {
    let wide = colors(##"W: { any: "color(display-p3 1 0 0)", dark: "#FF0000" }"##)[0]
    let auto = ColorSetPlan(wide, policy: .auto, mapping: .clip)
    #expect(auto.entries.map(\.gamut) == [.sRGB, .displayP3, .sRGB, .displayP3])
    #expect(auto.mappings.count == 1)
    #expect(abs(auto.mappings[0].deltaE2000 - 7.112) < 0.01)
    #expect(auto.entries[0].variant?.color?.cssText == "color(srgb 1.000 0.000 0.000)")
    let chroma = ColorSetPlan(wide, policy: .auto, mapping: .chroma)
    #expect(chroma.mappings[0].mapped != auto.mappings[0].mapped)
    #expect(ColorSetPlan(wide, policy: .srgb, mapping: .clip).entries.allSatisfy { $0.gamut == nil })
    let narrow = colors(##"N: "#336699""##)[0]
    #expect(ColorSetPlan(narrow, policy: .auto, mapping: .clip).entries.map(\.gamut) == [nil])
    #expect(ColorSetPlan(narrow, policy: .both, mapping: .clip).entries.map(\.gamut) == [.sRGB, .displayP3])
  }
}
