/// A target whose Legacy.xcassets, kept by hand, `swift package --allow-writing-to-package-directory gamut-lint --fix`
/// repairs: a Contents.json in an older Xcode's layout, a Display P3 color without its sRGB entry.
public enum FixFixture {
  public static let name = "FixFixture"
}
