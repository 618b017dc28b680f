/// CIEDE2000 differences of recently measured pairs of colors, by the two colors' keys, in a small direct-mapped
/// table for one thread. Artwork repeats its colors and so its neighbouring pairs (the pixels of a gradient and their
/// clipped renditions), so most pairs are measured once.
struct DifferenceCache {
  private static let bits = 9
  /// The pair in each slot; `UInt64.max`, which no color key reaches (keys use 48 bits), marks an empty slot.
  private var firsts = [UInt64](repeating: .max, count: 1 << bits)
  private var seconds = [UInt64](repeating: 0, count: 1 << bits)
  private var differences = [Double](repeating: 0, count: 1 << bits)

  /// The difference between the colors keyed `first` and `second`, computed by `measure` unless it is in the table.
  mutating func difference(_ first: UInt64, _ second: UInt64, measure: () -> Double) -> Double {
    let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F)
    let slot = Int(truncatingIfNeeded: mixed >> UInt64(64 - Self.bits))
    if firsts[slot] == first && seconds[slot] == second { return differences[slot] }
    let difference = measure()
    (firsts[slot], seconds[slot], differences[slot]) = (first, second, difference)
    return difference
  }
}
