/// One asset's entry in the catalog manifest (`gamut-manifest.json`), which is also what the next build reuses
/// when nothing that decides the asset changed.
public struct AssetRecord: Codable, Sendable, Equatable {
  /// Whether the asset's outputs were written.
  public enum Status: String, Codable, Sendable {
    /// Every rendition was written.
    case built
    /// A source could not be used; nothing of this asset is in the catalog.
    case failed
  }

  /// One image file in the imageset.
  public struct Rendition: Codable, Sendable, Equatable {
    public var idiom: String
    /// `1x`, `2x` or `3x`.
    public var scale: String
    /// `any`, `light` or `dark`.
    public var appearance: String
    /// `normal` or `high`.
    public var contrast: String
    /// `sRGB`, `display-P3`, or `any` when one rendition serves every display.
    public var gamut: String
    /// The file, relative to the catalog folder.
    public var file: String
    /// 8 or 16.
    public var bitDepth: Int
    /// The source, relative to the source folder.
    public var source: String
    /// The SHA-256 of the source's bytes.
    public var sourceHash: String
    /// The size of the written file in bytes.
    public var bytes: Int
    /// For a vector copied unchanged (bit depth 0): the color spaces it declares (`VectorCheck`).
    public var declaredColorSpaces: [String]? = nil
    /// For a JPEG copied unchanged (bit depth its sample precision): its size in pixels and its color space, named
    /// from its embedded ICC profile (`sRGB`, `Display P3`, the profile's description) or `untagged (sRGB)`.
    public var width: Int? = nil
    public var height: Int? = nil
    public var colorSpace: String? = nil
    /// App icons only: the platform (`ios`, `macos`, `watchos`), the size in points (`1024x1024`) and whether the
    /// resampler made the image from the artwork (`true`) or a source of this size was taken (`false`).
    public var platform: String? = nil
    public var size: String? = nil
    public var generated: Bool? = nil
  }

  /// A light/dark pair of one slot: the light (or any-appearance) file and the dark file, either possibly absent.
  public struct Pair: Codable, Sendable, Equatable {
    public var idiom: String
    public var scale: String
    public var contrast: String
    public var gamut: String
    public var light: String?
    public var dark: String?
  }

  /// The clipping check of one source.
  public struct Clipping: Codable, Sendable, Equatable {
    public var source: String
    /// The source's color space, for example `Display P3`.
    public var colorSpace: String
    public var verdict: ClippingReport.Verdict
    public var outOfGamutFraction: Double
    public var deltaE2000Max: Double
    public var deltaE2000P99: Double
    public var plateauCount: Int
    public var plateauLongest: Int
    public var lostDistinctionFraction: Double
    /// Why the verdict is not `ok`.
    public var reasons: [String]
  }

  /// The asset name.
  public var name: String
  /// The group folders, joined with `/`; empty at the catalog root.
  public var group: String
  /// The imageset folder (the `.appiconset` folder of an app icon), relative to the catalog folder.
  public var imageSet: String
  public var template: Bool
  public var status: Status
  /// Renditions in `Contents.json` order.
  public var renditions: [Rendition]
  public var pairs: [Pair]
  public var clipping: [Clipping]
  public var diagnostics: [Diagnostic]
  /// The hash of everything that decides the outputs; equal fingerprints mean the outputs can be reused.
  public var fingerprint: String
  /// `appiconset` for an app icon; absent for an image set.
  public var kind: String? = nil
}
