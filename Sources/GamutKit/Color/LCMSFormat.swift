internal import CLCMS2

/// lcms2 pixel formats. The `TYPE_*` macros in lcms2.h are function-like macros that Swift does not import, so the
/// few used here are spelled out: `FLOAT_SH(f) | COLORSPACE_SH(pt) | CHANNELS_SH(n) | BYTES_SH(b)`.
enum LCMSFormat {
  /// `TYPE_RGB_DBL`: 3 channels of double, 0...1.
  static let rgbDouble = make(colorSpace: 4, channels: 3, bytes: 0, float: true)
  /// `TYPE_XYZ_DBL`: CIE XYZ as `cmsCIEXYZ` doubles, Y of white 1.
  static let xyzDouble = make(colorSpace: 9, channels: 3, bytes: 0, float: true)

  /// A 16-bit format: `COLORSPACE_SH(colorSpace) | CHANNELS_SH(channels) | EXTRA_SH(extra) | BYTES_SH(2)`, for
  /// example `TYPE_RGBA_16` is `sixteenBit(colorSpace: 4, channels: 3, extra: 1)` (PT_RGB is 4, PT_GRAY 3).
  static func sixteenBit(colorSpace: UInt32, channels: UInt32, extra: UInt32) -> UInt32 {
    make(colorSpace: colorSpace, channels: channels, bytes: 2) | extra << 7
  }

  private static func make(colorSpace: UInt32, channels: UInt32, bytes: UInt32, float: Bool = false) -> UInt32 {
    (float ? 1 << 22 : 0) | colorSpace << 16 | channels << 3 | bytes
  }
}
