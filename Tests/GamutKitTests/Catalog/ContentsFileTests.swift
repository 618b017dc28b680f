import Testing

@testable import GamutKit

@Suite struct ContentsFileTests {
  @Test func rootMatchesXcode() {
    #expect(
      ContentsFile.root() == """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """)
  }

  @Test func namespacedFolderMatchesXcode() {
    #expect(
      ContentsFile.folder(providesNamespace: true) == """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "properties" : {
            "provides-namespace" : true
          }
        }

        """)
  }

  /// The order and spelling follow a catalog saved by Xcode: scale outermost, then gamut, then appearance
  /// (any, light, dark, then the high-contrast ones); keys alphabetical inside each entry.
  @Test func imageSetOrdersEntriesLikeXcode() {
    let renditions: [(traits: RenditionTraits, fileName: String)] = [
      (RenditionTraits(scale: 2, appearance: .dark, gamut: .displayP3), "b"),
      (RenditionTraits(scale: 2, appearance: .dark, highContrast: true, gamut: .sRGB), "c"),
      (RenditionTraits(scale: 2, gamut: .sRGB), "a"),
      (RenditionTraits(scale: 1, gamut: .sRGB), "z"),
    ]
    let text = ContentsFile.imageSet(
      renditions: renditions, properties: AssetProperties(renderingIntent: .template), slots: .filled)
    #expect(
      text == """
        {
          "images" : [
            {
              "display-gamut" : "sRGB",
              "filename" : "z",
              "idiom" : "universal",
              "scale" : "1x"
            },
            {
              "display-gamut" : "sRGB",
              "filename" : "a",
              "idiom" : "universal",
              "scale" : "2x"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                },
                {
                  "appearance" : "contrast",
                  "value" : "high"
                }
              ],
              "display-gamut" : "sRGB",
              "filename" : "c",
              "idiom" : "universal",
              "scale" : "2x"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                }
              ],
              "display-gamut" : "display-P3",
              "filename" : "b",
              "idiom" : "universal",
              "scale" : "2x"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "properties" : {
            "template-rendering-intent" : "template"
          }
        }

        """)
  }

  @Test func stringsAreEscaped() {
    #expect(XcodeJSON.string("a\"b\\c\u{1}é").rendered() == "\"a\\\"b\\\\c\\u0001é\"\n")
  }
}
