import Testing

@testable import GamutKit

@Suite struct CatalogPlannerTests {
  private func sources(_ paths: [String]) -> [SourceFile] {
    paths.map { SourceFile(relativePath: $0, size: 1, modificationTime: 0, inode: 0) }
  }

  private func codes(_ plan: CatalogPlan) -> [String] {
    plan.diagnostics.map { "\($0.path) \($0.code)" }
  }

  @Test func groupsRenditionsIntoAssets() {
    let plan = CatalogPlanner().plan(
      sources(["A/icon@2x.png", "A/icon~dark@2x.png", "A/icon@3x.png", "A/icon~dark@3x.png", "B/C/logo.png"]))
    #expect(plan.assets.map(\.qualifiedName) == ["A/icon", "B/C/logo"])
    #expect(plan.assets[0].sources.count == 4)
    #expect(plan.groups == [["A"], ["B"], ["B", "C"]])
    #expect(plan.diagnostics.isEmpty)
    #expect(plan.assets[0].imageSetPath == "A/icon.imageset")
  }

  @Test func unpairedAndContrastWithoutBase() {
    let plan = CatalogPlanner().plan(
      sources(["a~dark.png", "b~light.png", "c.png", "c~dark~hc.png", "d.png", "d~dark.png", "d~dark~hc.png"]))
    #expect(
      codes(plan) == [
        "a~dark.png unpaired-dark", "b~light.png unpaired-light", "c~dark~hc.png contrast-without-base",
      ])
  }

  @Test func duplicatesAndCollisions() {
    let plan = CatalogPlanner(aliases: .standard).plan(
      sources(["Icon~dark.png", "Icon_dark.png", "icon.png", "Caf\u{E9}.png", "Cafe\u{301}.png", "x~bogus.png"]))
    #expect(
      codes(plan) == [
        "Icon_dark.png duplicate-rendition", "icon.png name-collision", "Cafe\u{301}.png name-collision",
        "x~bogus.png invalid-name", "Icon~dark.png unpaired-dark",
      ])
  }

  @Test func namespacesSeparateEqualNames() {
    let paths = ["A/icon.png", "B/icon.png"]
    #expect(codes(CatalogPlanner().plan(sources(paths))) == ["B/icon.png name-collision"])
    let namespaced = CatalogPlanner(providesNamespace: { _ in true }).plan(sources(paths))
    #expect(namespaced.diagnostics.isEmpty && namespaced.assets.count == 2)
  }

  @Test func disabledIdiomIsAnError() {
    let plan = CatalogPlanner(allowedIdioms: [.universal, .iphone]).plan(sources(["a~ipad.png", "a.png"]))
    #expect(codes(plan) == ["a~ipad.png idiom-not-enabled"])
  }
}
