/// The CIELAB values of recently seen colors of one `ColorTable`, by color key, in a small direct-mapped table for
/// one thread. Artwork repeats its colors (an icon of 40,000 visible pixels holds one or two thousand), so most
/// lookups skip the cube roots of the conversion.
struct LabCache {
  private static let bits = 10
  /// The key in each slot; `UInt64.max`, which no color key reaches (keys use 48 bits), marks an empty slot.
  private var keys = [UInt64](repeating: .max, count: 1 << bits)
  private var values = [CIELab](repeating: CIELab(l: 0, a: 0, b: 0), count: 1 << bits)
  /// The colors' table.
  let table: ColorTable

  /// An empty cache of `table`'s colors.
  init(_ table: ColorTable) {
    self.table = table
  }

  /// The CIELAB value of the color packed in `key` (see ``ColorTable/lab(_:)``).
  mutating func lab(_ key: UInt64) -> CIELab {
    let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.bits))
    if keys[slot] == key { return values[slot] }
    let lab = table.lab(key)
    (keys[slot], values[slot]) = (key, lab)
    return lab
  }
}
