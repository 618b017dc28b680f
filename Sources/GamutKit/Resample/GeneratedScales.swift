/// With `generateScales: true`, the smaller scales an image set lacks, made by the ``Resampler`` from its largest
/// rendition of the same slot: an asset with only `Name@3x.png` gets `@2x` and `@1x`, one with only `@2x` gets
/// `@1x`. Nothing is ever upscaled, a scale that has a source of its own is left to it, and only the scales the
/// idiom has in Xcode are made (watch, vision and car start at 2x).
///
/// Each generated rendition is made from the finished rendition file (already converted to sRGB or Display P3),
/// in that file's color space and bit depth, and carries the same profile.
enum GeneratedScales {
  /// A rendition to make: its slot, and the slot of the rendition it is made from.
  struct Plan: Equatable {
    var traits: RenditionTraits
    var from: RenditionTraits
  }

  /// The renditions missing below the largest scale of each slot (traits without scale) among `written`.
  static func plan(_ written: [RenditionTraits]) -> [Plan] {
    var largest: [RenditionTraits: RenditionTraits] = [:]
    for traits in written {
      var slot = traits
      slot.scale = 1
      if let known = largest[slot], known.scale >= traits.scale { continue }
      largest[slot] = traits
    }
    let present = Set(written)
    var plans: [Plan] = []
    for (slot, source) in largest where smallestScale(slot.idiom) < source.scale {
      for scale in smallestScale(slot.idiom)..<source.scale {
        var traits = slot
        traits.scale = scale
        if !present.contains(traits) { plans.append(Plan(traits: traits, from: source)) }
      }
    }
    return plans.sorted { $0.traits < $1.traits }
  }

  /// The smallest scale Xcode offers for an idiom: 2x for watch and vision, 2x for car, else 1x.
  static func smallestScale(_ idiom: RenditionTraits.Idiom) -> Int {
    switch idiom {
    case .watch, .vision, .car: 2
    case .universal, .iphone, .ipad, .mac, .tv: 1
    }
  }

  /// The pixel size at `scale` of an image `size` pixels wide (or high) at `sourceScale`: rounded, at least 1.
  static func pixels(_ size: Int, at scale: Int, from sourceScale: Int) -> Int {
    max(1, Int((Double(size * scale) / Double(sourceScale)).rounded()))
  }

  /// Makes the rendition `plan` asks for from the PNG file `source` (a finished rendition with its profile) and
  /// returns the encoded file.
  static func make(_ plan: Plan, fromFile source: String, compressionLevel: Int) throws -> [UInt8] {
    let image = try PNGDecoder().decode(contentsOf: source)
    let width = pixels(image.pixels.width, at: plan.traits.scale, from: plan.from.scale)
    let height = pixels(image.pixels.height, at: plan.traits.scale, from: plan.from.scale)
    let smaller = Resampler(image.pixels, curve: .sRGB).resized(width: width, height: height)
    let tag: PNGEncoder.ColorTag =
      image.colorChunks.iccProfile.map { .iccProfile(name: $0.name, bytes: $0.bytes) } ?? .sRGB(intent: 0)
    return try PNGEncoder(compressionLevel: compressionLevel).encode(smaller, colorTag: tag)
  }
}
