/// The `properties` of an image set or a group folder that come from the configuration rather than from the
/// sources: rendering intent, vector preservation and compression.
public struct AssetProperties: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// `template-rendering-intent`: how the image is drawn.
  public enum RenderingIntent: String, Sendable, Codable, CaseIterable {
    /// Drawn in the tint color, its alpha as a mask (names ending in `Template`, or `templates:`).
    case template
    /// Drawn with its own colors even where the system would tint it (`original:`).
    case original
  }

  /// `compression-type`, as Xcode's attributes inspector offers it.
  public enum CompressionType: String, Sendable, Codable, CaseIterable {
    case automatic, lossless, lossy
    case gpuOptimizedBest = "gpu-optimized-best"
    case gpuOptimizedSmallest = "gpu-optimized-smallest"
  }

  public var renderingIntent: RenderingIntent?
  /// `preserves-vector-representation`: only for a set of PDF or SVG renditions.
  public var preservesVectorRepresentation = false
  public var compressionType: CompressionType?

  public init(
    renderingIntent: RenderingIntent? = nil, preservesVectorRepresentation: Bool = false,
    compressionType: CompressionType? = nil
  ) {
    self.renderingIntent = renderingIntent
    self.preservesVectorRepresentation = preservesVectorRepresentation
    self.compressionType = compressionType
  }

  /// The `properties` object's members, in no particular order (the writer sorts keys); empty when none is set.
  var contentsMembers: [String: XcodeJSON] {
    var members: [String: XcodeJSON] = [:]
    if let compressionType { members["compression-type"] = .string(compressionType.rawValue) }
    if preservesVectorRepresentation { members["preserves-vector-representation"] = .bool(true) }
    if let renderingIntent { members["template-rendering-intent"] = .string(renderingIntent.rawValue) }
    return members
  }

  /// One line for the asset's fingerprint.
  public var description: String {
    "intent=\(renderingIntent?.rawValue ?? "-") vector=\(preservesVectorRepresentation) "
      + "compression=\(compressionType?.rawValue ?? "-")"
  }
}
