/// What a color's colorset holds under the gamut policy: its entries, and for every color outside sRGB the sRGB
/// color it was mapped to and how far it moved.
///
/// - `auto`: a color set with any color outside sRGB (beyond ``ColorValue/gamutTolerance``) gets `display-gamut`
///   pairs for every slot: the `display-P3` entry holds the color as given, the `sRGB` entry the color mapped into
///   sRGB. Otherwise one entry per slot, the color written in the space it was given in (as Xcode keeps a
///   `display-p3` color that lies inside sRGB).
/// - `both`: pairs for every color set.
/// - `srgb`: one entry per slot; a color outside sRGB is the caller's error (``outsideSRGB``).
///
/// System references hold no color: in a paired set they appear, unchanged, in both gamut blocks.
package struct ColorSetPlan: Sendable, Equatable {
  /// A color outside sRGB and the sRGB color that stands for it.
  package struct Mapping: Sendable, Equatable {
    package var slot: ColorDefinition.Slot
    package var original: ColorValue
    package var mapped: ColorValue
    /// CIEDE2000 between the two (D50 CIELAB).
    package var deltaE2000: Double
  }

  package var entries: [ColorSetContentsEntry]
  /// The colors outside sRGB, in slot order, mapped with the configured gamut mapping.
  package var mappings: [Mapping]

  /// The colorset's `Contents.json` text.
  package var contents: String { ContentsFile.colorSet(entries) }

  /// The slots whose color lies outside sRGB.
  package var outsideSRGB: [ColorDefinition.Slot] { mappings.map(\.slot) }

  package init(_ color: ColorDefinition, policy: GamutPolicy, mapping: GamutMapping) {
    let slots = color.variants.keys.sorted()
    var mappings: [Mapping] = []
    var sRGBVariants: [ColorDefinition.Slot: ColorDefinition.Variant] = [:]
    for slot in slots {
      let variant = color.variants[slot]!
      guard case .color(let value) = variant else {
        sRGBVariants[slot] = variant
        continue
      }
      let mapped = ColorGamutMapping.toSRGB(value, mapping: mapping)
      sRGBVariants[slot] = .color(mapped)
      if !value.isInside(.sRGB) {
        mappings.append(Mapping(slot: slot, original: value, mapped: mapped, deltaE2000: value.deltaE2000(mapped)))
      }
    }
    self.mappings = mappings
    let paired = policy == .both || (policy == .auto && !mappings.isEmpty)
    if paired {
      entries = slots.flatMap { slot in
        [
          ColorSetContentsEntry(slot: slot, gamut: .sRGB, variant: sRGBVariants[slot]),
          ColorSetContentsEntry(slot: slot, gamut: .displayP3, variant: color.variants[slot]),
        ]
      }
    } else {
      entries = slots.map { ColorSetContentsEntry(slot: $0, variant: color.variants[$0]) }
    }
  }
}

/// Maps a color into sRGB with the build's gamut mapping.
package enum ColorGamutMapping {
  /// `color` as an sRGB color with components in 0...1: `clip` clamps each channel (what an sRGB display does),
  /// `chroma` reduces OKLCh chroma at constant lightness and hue (CSS Color 4, ``CSSGamutMapper``). A color inside
  /// sRGB only has its rounding noise clamped.
  package static func toSRGB(_ color: ColorValue, mapping: GamutMapping) -> ColorValue {
    let encoded = color.components(in: .sRGB)
    if mapping == .clip || color.isInside(.sRGB) {
      return ColorValue(
        space: .sRGB,
        components: encoded.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1)),
        alpha: color.alpha)
    }
    let linear = SIMD3(CSSColorMath.decode(encoded.x), CSSColorMath.decode(encoded.y), CSSColorMath.decode(encoded.z))
    let mapped = mapper.map(linear)
    return ColorValue(
      space: .sRGB,
      components: SIMD3(CSSColorMath.encode(mapped.x), CSSColorMath.encode(mapped.y), CSSColorMath.encode(mapped.z)),
      alpha: color.alpha)
  }

  /// The image pipeline's CSS gamut mapper for sRGB (its matrix is never singular).
  private static let mapper = CSSGamutMapper(space: .sRGB)!
}
