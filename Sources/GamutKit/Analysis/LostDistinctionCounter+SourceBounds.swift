extension LostDistinctionCounter {
  /// Bounds of the source difference of a batch of pairs (`ColorTable.differenceBounds`): most pairs of noisy artwork
  /// differ by less than the threshold, which their bound (plus `LargestShiftFinder.margin`) shows without the exact
  /// CIELAB values and formula; the pairs it cannot rule out are judged as before.
  struct SourceBounds {
    /// Pairs bounded at once.
    static let capacity = 256
    private let anchors = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    private let partners = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    /// The bounds of the last batch.
    let bounds = UnsafeMutablePointer<Double>.allocate(capacity: capacity)

    /// Bounds the source difference of `pairs` (at most `capacity`) in `table`'s colors into `bounds`, the quick
    /// bound where it is at most `floor` (see `ColorTable.differenceBounds`).
    func bound(_ pairs: ArraySlice<Pair>, table: ColorTable, floor: Double) {
      for (offset, pair) in pairs.enumerated() {
        (anchors[offset], partners[offset]) = (pair.anchorSource, pair.partnerSource)
      }
      ColorTable.differenceBounds(
        first: table, second: table, firstKeys: anchors, secondKeys: partners, count: pairs.count, floor: floor,
        into: bounds)
    }

    /// Frees the buffers.
    func deallocate() {
      anchors.deallocate()
      partners.deallocate()
      bounds.deallocate()
    }
  }
}
