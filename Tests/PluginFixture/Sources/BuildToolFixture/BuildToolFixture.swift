/// A target whose Artwork folder the build-tool plugin turns into BuildToolFixture.xcassets at build time.
public enum BuildToolFixture {
  public static let name = "BuildToolFixture"
}
