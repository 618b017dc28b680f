import Foundation

/// Compares a catalog entry (or a group's `Contents.json`) of the original catalog with the same one in the
/// catalog built from the imported sources: `Contents.json` byte for byte, the same file names, and each other
/// file byte for byte or, for PNGs, pixel for pixel (decoded RGBA, alpha included) with the same color chunks.
enum RoundTripCheck {
  /// The comparison's verdict.
  enum Verdict: Sendable, Equatable {
    /// Equal; `note` says when PNG bytes differ though pixels and tagging do not.
    case identical(note: String)
    case differs(String)
  }

  /// Compares the entry folder at `relative` in both catalogs.
  static func compareEntry(_ relative: String, original: String, rebuilt: String) -> Verdict {
    let left = original + "/" + relative
    let right = rebuilt + "/" + relative
    guard (try? FileStatus(path: right))?.kind == .folder else { return .differs("the build did not write it") }
    let leftFiles = (try? ImportFiles.list(left)) ?? []
    let rightFiles = (try? ImportFiles.list(right)) ?? []
    guard leftFiles == rightFiles else {
      let missing = leftFiles.filter { !rightFiles.contains($0) }
      let extra = rightFiles.filter { !leftFiles.contains($0) }
      return .differs(
        "files: " + (missing.isEmpty ? "" : "not rebuilt " + missing.prefix(3).joined(separator: ", ") + " ")
          + (extra.isEmpty ? "" : "new " + extra.prefix(3).joined(separator: ", ")))
    }
    var notes: [String] = []
    for name in leftFiles {
      if (try? FileStatus(path: left + "/" + name))?.kind == .folder {
        if case .differs(let how) = compareEntry(relative + "/" + name, original: original, rebuilt: rebuilt) {
          return .differs(name + "/" + how)
        }
        continue
      }
      switch compareFile(left + "/" + name, right + "/" + name, isContents: name == "Contents.json") {
      case .identical(let note): if !note.isEmpty { notes.append(name + ": " + note) }
      case .differs(let how): return .differs(name + ": " + how)
      }
    }
    return .identical(note: notes.joined(separator: "; "))
  }

  /// Compares two files: bytes, then for PNGs decoded pixels and color chunks; `Contents.json` bytes only.
  static func compareFile(_ left: String, _ right: String, isContents: Bool) -> Verdict {
    guard let leftBytes = CatalogFiles.read(left) else { return .differs("unreadable in the original") }
    guard let rightBytes = CatalogFiles.read(right) else {
      return .differs(
        isContents ? "a folder the build does not write (it holds only kept entries)" : "not written by the build")
    }
    if leftBytes == rightBytes { return .identical(note: "") }
    if isContents { return .differs(ContentsDifference.describe(leftBytes, rightBytes)) }
    guard left.lowercased().hasSuffix(".png") else { return .differs("bytes differ") }
    let decoder = PNGDecoder()
    guard let original = try? decoder.decode(leftBytes) else { return .differs("the original does not decode") }
    guard let rebuilt = try? decoder.decode(rightBytes) else { return .differs("the rebuilt PNG does not decode") }
    guard original.colorChunks == rebuilt.colorChunks else {
      return .differs("color tagging differs (rebuild converts to gamut's sRGB or Display P3 output)")
    }
    guard original.pixels.width == rebuilt.pixels.width, original.pixels.height == rebuilt.pixels.height else {
      return .differs(
        "size \(original.pixels.width)x\(original.pixels.height) became "
          + "\(rebuilt.pixels.width)x\(rebuilt.pixels.height)")
    }
    guard rgba16(original.pixels) == rgba16(rebuilt.pixels) else { return .differs("pixels differ") }
    return .identical(note: "PNG bytes differ, pixels and tagging equal")
  }

  /// Every pixel as 16-bit RGBA: gray spread to three channels, a missing alpha opaque, 8-bit values times 257.
  static func rgba16(_ buffer: PixelBuffer) -> [UInt16] {
    let channels = buffer.layout.channels
    let values: [UInt16] =
      switch buffer.samples {
      case .eight(let bytes): bytes.map { UInt16($0) * 257 }
      case .sixteen(let words): words
      }
    var out: [UInt16] = []
    out.reserveCapacity(buffer.width * buffer.height * 4)
    var index = 0
    while index + channels <= values.count {
      let pixel = values[index..<index + channels]
      let gray = buffer.layout.isGray
      let first = pixel[pixel.startIndex]
      out += gray ? [first, first, first] : [first, pixel[pixel.startIndex + 1], pixel[pixel.startIndex + 2]]
      out.append(buffer.layout.hasAlpha ? pixel[pixel.endIndex - 1] : .max)
      index += channels
    }
    return out
  }
}

/// Says how two `Contents.json` files differ, in words for the table.
enum ContentsDifference {
  static func describe(_ original: [UInt8], _ rebuilt: [UInt8]) -> String {
    let parse = { (bytes: [UInt8]) in (try? JSONSerialization.jsonObject(with: Data(bytes))) as? NSDictionary }
    guard let left = parse(original), let right = parse(rebuilt) else { return "Contents.json differs" }
    if left == right { return "key order or formatting of an older Xcode (same JSON)" }
    for key in ["images", "colors"] {
      guard let leftList = left[key] as? [NSDictionary], let rightList = right[key] as? [NSDictionary] else { continue }
      let filled = { (list: [NSDictionary]) in list.filter { $0["filename"] != nil } }
      if key == "images", filled(leftList) == filled(rightList) {
        return "empty slots differ (\(leftList.count) entries listed, gamut lists \(rightList.count))"
      }
      if Set(leftList) == Set(rightList) { return "\(key) in another order than gamut's" }
      if rightList.contains(where: { $0["display-gamut"] != nil })
        && !leftList.contains(where: { $0["display-gamut"] != nil })
      {
        return "gamut adds display-gamut pairs (a color outside sRGB)"
      }
      return "\(key) entries differ"
    }
    if left["properties"] as? NSDictionary != right["properties"] as? NSDictionary { return "properties differ" }
    return "Contents.json differs"
  }
}
