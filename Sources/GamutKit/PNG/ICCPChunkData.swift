import Foundation
internal import GamutPNGC

/// The data of iCCP chunks (the profile's name and its deflated bytes), built once per profile, name and level in
/// the process: a catalog embeds the same few profiles in every rendition, and deflating a profile costs more than
/// the pixels of a small rendition.
enum ICCPChunkData {
  /// What decides the data: the name as Latin-1 bytes (two spellings of one name in Unicode are one `String`),
  /// the profile and the level.
  private struct Key: Hashable, Sendable {
    var name: [UInt8]
    var profile: [UInt8]
    var level: Int

    func hash(into hasher: inout Hasher) {
      hasher.combine(name)
      hasher.combine(level)
      hasher.combineSample(of: profile)
    }
  }

  /// The chunks built so far, or why one could not be.
  private static let built = BoundedCache<Key, Result<[UInt8], PNGError>>(capacity: 8)

  /// The chunk data for `profile` named `name` (1 to 79 Latin-1 characters), deflated at `level` (0 to 9).
  /// - Throws: ``PNGError`` for a name that is not Latin-1 or not valid, or a profile that cannot be deflated.
  static func of(name: String, profile: [UInt8], level: Int) throws(PNGError) -> [UInt8] {
    var latin1: [UInt8] = []
    for scalar in name.unicodeScalars {
      guard scalar.value < 256 else {
        throw PNGError(kind: .unsupported, message: "iCCP: the profile name \"\(name)\" is not Latin-1")
      }
      latin1.append(UInt8(scalar.value))
    }
    return try built.value(for: Key(name: latin1, profile: profile, level: level)) {
      Result { () throws(PNGError) in try build(latin1: latin1, profile: profile, level: level) }
    }.get()
  }

  private static func build(latin1: [UInt8], profile: [UInt8], level: Int) throws(PNGError) -> [UInt8] {
    let name = latin1.map { CChar(bitPattern: $0) } + [0]
    var length = 0
    var message = [CChar](repeating: 0, count: 256)
    let data = profile.withUnsafeBufferPointer { profile in
      gamut_png_iccp_data(
        name, profile.baseAddress, profile.count, Int32(clamping: level), &length, &message, message.count)
    }
    guard let data else {
      throw PNGError(
        kind: .unsupported,
        message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    defer { free(data) }
    return Array(UnsafeBufferPointer(start: data, count: length))
  }
}
