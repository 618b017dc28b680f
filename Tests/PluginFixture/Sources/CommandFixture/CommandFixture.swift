/// A target whose Artwork folder `swift package gamut-build` turns into CommandFixture.xcassets beside this file.
public enum CommandFixture {
  public static let name = "CommandFixture"
}
