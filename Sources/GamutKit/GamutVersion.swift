/// The version of gamut: the one place it is written.
///
/// `gamut --version` prints ``number``; every manifest records ``generator`` (so a catalog says which gamut wrote
/// it), and every asset's fingerprint includes it, so a new version rebuilds every asset once.
///
/// To release a version: change ``number`` here (semantic versioning: the minor part for new features, the patch
/// part for fixes), commit, and tag that commit `v` + the number (`git tag v0.3.0`). `docs/install.md` explains how
/// users pin a tag.
public enum GamutVersion {
  /// The version number, for example `0.2.0`.
  public static let number = "0.2.0"

  /// `gamut` and the number: the manifest's `generator` field.
  public static var generator: String { "gamut " + number }
}
