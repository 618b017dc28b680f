extension ColorSpaceDecision {
  /// The decisions made so far in this process, by color chunks. A catalog's sources share a handful of taggings,
  /// and an embedded profile costs a validation, an inspection and an identification through lcms2 (a few
  /// milliseconds, more than converting a small icon): each distinct profile is looked at once. At most 64
  /// decisions are kept, whose embedded profiles add up to at most 8 MiB; the least recently used go first.
  private static let decisions = BoundedCache<ColorChunks, ColorSpaceDecision>(capacity: 64, costLimit: 8 << 20)

  /// The decision for `chunks`: the same as ``init(chunks:)``, made once per distinct chunks while it is kept.
  static func of(_ chunks: ColorChunks) -> ColorSpaceDecision {
    decisions.value(for: chunks, cost: 1024 + (chunks.iccProfile?.bytes.count ?? 0)) {
      ColorSpaceDecision(chunks: chunks)
    }
  }
}
