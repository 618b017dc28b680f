// swift-tools-version: 6.1
// A package that uses gamut's two plugins, built by scripts/test-plugins (which CI runs through the test suite):
// BuildToolFixture with the build-tool plugin (catalog built at `swift build` time into the plugin's work folder),
// CommandFixture with the `gamut-build` command plugin (catalog written into Sources/CommandFixture), FixFixture with
// a catalog kept by hand that `gamut-lint --fix` repairs.
import PackageDescription

let package = Package(
  name: "PluginFixture",
  dependencies: [
    // gamut itself, by relative path (the project root); scripts/test-plugins builds a copy with this path made
    // absolute, so that the project's tree is left alone.
    .package(name: "gamut", path: "../..")
  ],
  targets: [
    .target(
      name: "BuildToolFixture",
      exclude: ["Artwork"],
      plugins: [.plugin(name: "GamutArtworkPlugin", package: "gamut")]
    ),
    .target(
      name: "CommandFixture",
      exclude: ["Artwork", "CommandFixture.xcassets", "gamut-manifest.json"]
    ),
    .target(
      name: "FixFixture",
      exclude: ["Legacy.xcassets"]
    ),
  ]
)
