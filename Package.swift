// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "gamut",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "gamut", targets: ["gamut"]),
    .library(name: "GamutKit", targets: ["GamutKit"]),
    .plugin(name: "GamutArtworkPlugin", targets: ["GamutArtworkPlugin"]),
    .plugin(name: "GamutBuildCommand", targets: ["GamutBuildCommand"]),
    .plugin(name: "GamutLintCommand", targets: ["GamutLintCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .systemLibrary(
      name: "CLCMS2",
      pkgConfig: "lcms2",
      providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
    ),
    .systemLibrary(
      name: "CDEFLATE",
      pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
    ),
    .target(
      name: "GamutPNGC",
      dependencies: ["CPNG", "CDEFLATE"],
      // gamut_png_read.c and gamut_png_write.c inflate and deflate iCCP profiles themselves; libpng's pkg-config
      // file does not list zlib.
      linkerSettings: [.linkedLibrary("z")]
    ),
    .target(
      name: "GamutLCMSC",
      dependencies: ["CLCMS2"]
    ),
    // C: color math loops that vectorize (the bounds of the largest color shift), compiled for AVX2 and AVX-512 too.
    .target(
      name: "GamutColorC"
    ),
    .target(
      name: "GamutKit",
      dependencies: [
        "GamutPNGC", "GamutLCMSC", "GamutColorC", "CLCMS2",
        .product(name: "Yams", package: "Yams"),
      ],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "GamutCLI",
      dependencies: [
        "GamutKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "gamut",
      dependencies: ["GamutCLI"],
      swiftSettings: swiftSettings
    ),
    // SwiftPM plugins (docs/xcode-and-ci.md): both run the gamut executable on a target's Artwork folder.
    .plugin(
      name: "GamutArtworkPlugin",
      capability: .buildTool(),
      dependencies: ["gamut"]
    ),
    .plugin(
      name: "GamutBuildCommand",
      capability: .command(
        intent: .custom(verb: "gamut-build", description: "Build each target's Artwork folder into an asset catalog"),
        permissions: [.writeToPackageDirectory(reason: "gamut-build writes <Target>.xcassets into the target's folder")]
      ),
      dependencies: ["gamut"]
    ),
    .plugin(
      name: "GamutLintCommand",
      capability: .command(
        intent: .custom(verb: "gamut-lint", description: "Lint the asset catalogs of the package's targets (read-only)")
      ),
      dependencies: ["gamut"]
    ),
    // What every test target shares (Tests/GamutTestSupport): temporary folders, the test data, PNG, JPEG and PDF
    // builders, the build fixture, the `gamut` process runner, the test tags. Public API only, so that the API
    // tests can use it.
    .target(
      name: "GamutTestSupport",
      dependencies: ["GamutKit"],
      path: "Tests/GamutTestSupport",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "GamutKitTests",
      // GamutPNGC: the streaming writer's tests encode bands from the whole image as the reference; GamutColorC: the
      // vectorized CIELAB is compared with the exact one.
      dependencies: ["GamutKit", "GamutPNGC", "GamutColorC", "GamutTestSupport"],
      swiftSettings: swiftSettings
    ),
    // The public API as a program sees it: imports GamutKit without @testable and without the package's `package`
    // declarations, and runs the examples of docs/embedding.md and the DocC articles.
    .testTarget(
      name: "GamutKitAPITests",
      dependencies: ["GamutKit", "GamutTestSupport"],
      packageAccess: false,
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "GamutCLITests",
      dependencies: ["gamut", "GamutCLI", "GamutKit", "GamutTestSupport"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "GamutFuzzTargets",
      dependencies: ["GamutKit"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "GamutFuzzTargetsTests",
      dependencies: ["GamutFuzzTargets", "GamutTestSupport"],
      swiftSettings: swiftSettings
    ),
  ] + fuzzerTargets
)

/// The libFuzzer executable, only with `GAMUT_FUZZ=1` (see `scripts/fuzz`): it has no `main` of its own, so it
/// links only under `swift build --sanitize=fuzzer`, which the normal build and CI do not use.
var fuzzerTargets: [Target] {
  guard Context.environment["GAMUT_FUZZ"] == "1" else { return [] }
  return [
    .executableTarget(
      name: "gamut-fuzz",
      dependencies: ["GamutFuzzTargets"],
      path: "Sources/GamutFuzz",
      swiftSettings: swiftSettings + [.unsafeFlags(["-parse-as-library"])]
    )
  ]
}

var swiftSettings: [SwiftSetting] {
  [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
  ]
}
