/// What gamut makes of cICP code points (ITU-T H.273): names for the primaries and transfer characteristics it
/// recognises, and the ones it can turn into an ICC profile.
enum CodingPointsMapping {
  /// A recognised set of colour primaries.
  struct Primaries {
    var name: String
    /// Present when gamut can build a profile with these primaries.
    var chromaticities: ColorChunks.Chromaticities?
  }

  /// A recognised transfer characteristic.
  struct Transfer {
    var name: String
    /// Present when gamut can build a profile with this curve.
    var curve: TransferCurve?
  }

  /// Primaries 1 (BT.709/sRGB), 9 (BT.2020), 11 (DCI-P3, recognised only), 12 (P3-D65, Display P3).
  static func primaries(_ code: UInt8) -> Primaries? {
    switch code {
    case 1: Primaries(name: "sRGB", chromaticities: .sRGB)
    case 9: Primaries(name: "Rec. 2020", chromaticities: .rec2020)
    case 11: Primaries(name: "DCI-P3", chromaticities: nil)
    case 12: Primaries(name: "Display P3", chromaticities: .displayP3)
    default: nil
    }
  }

  /// Transfer 13 (sRGB), 1/6/14/15 (BT.709 family), 4 (BT.470 System M: a pure power 2.2), 5 (BT.470 System
  /// B, G: a pure power 2.8), 8 (linear); 16 (PQ), 17 (DCI gamma 2.6) and 18 (HLG) are recognised but not
  /// convertible.
  static func transfer(_ code: UInt8) -> Transfer? {
    switch code {
    case 13: Transfer(name: "sRGB", curve: .sRGB)
    case 1, 6, 14, 15: Transfer(name: "BT.709", curve: .bt709)
    case 4: Transfer(name: "gamma 2.2", curve: .gamma(2.2))
    case 5: Transfer(name: "gamma 2.8", curve: .gamma(2.8))
    case 8: Transfer(name: "linear", curve: .gamma(1))
    case 16: Transfer(name: "PQ", curve: nil)
    case 17: Transfer(name: "DCI gamma 2.6", curve: nil)
    case 18: Transfer(name: "HLG", curve: nil)
    default: nil
    }
  }

  /// The name of a recognised combination: "sRGB", "Display P3", "Rec. 709", "Rec. 2020", "Rec. 2100 PQ",
  /// "Rec. 2100 HLG", "DCI-P3", "Linear sRGB"..., else "<primaries> primaries, <transfer> transfer".
  static func name(primaries: UInt8, transfer: UInt8) -> String? {
    guard let p = self.primaries(primaries), let t = self.transfer(transfer) else { return nil }
    let isBT709Family = t.curve == .bt709
    switch (primaries, transfer) {
    case (1, 13): return "sRGB"
    case (1, _) where isBT709Family: return "Rec. 709"
    case (12, 13): return "Display P3"
    case (9, _) where isBT709Family: return "Rec. 2020"
    case (9, 16): return "Rec. 2100 PQ"
    case (9, 18): return "Rec. 2100 HLG"
    case (11, 17): return "DCI-P3"
    case (_, 8): return "Linear \(p.name)"
    default: return "\(p.name) primaries, \(t.name) transfer"
    }
  }
}
