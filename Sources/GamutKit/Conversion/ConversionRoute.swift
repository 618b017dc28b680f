/// One source color space's way into one of gamut's targets: an optional lcms2 stage for LUT-based profiles, then
/// the exact matrix transform. It converts a whole image or an image strip by strip; built by
/// ``ColorConverter/route(for:layout:to:)`` and shared across threads.
package struct ConversionRoute: Sendable {
  /// The space converted into.
  package let target: ConversionTarget
  /// LUT-based source profiles go through lcms2 to linear ProPhoto RGB first.
  let prefilter: LookupPrefilter?
  /// The exact matrix/TRC transform into the target.
  let transform: MatrixTransform
  /// Gray pixels under an RGB profile are spread to RGB first.
  let expandGray: Bool

  /// The color chunk to encode the converted pixels with.
  package var colorTag: PNGEncoder.ColorTag { target.colorTag }

  /// Converts `rows`: a whole image, or a strip whose first row is row `firstRow` of the image (the ordered
  /// dither depends on the position in the whole image).
  package func convert(_ rows: PixelBuffer, firstRow: Int = 0) -> PixelBuffer {
    transform.apply(to: prepared(rows), firstRow: firstRow)
  }

  /// Converts `rows` as ``convert(_:firstRow:)`` does and keeps what the clipping analysis needs: the pixels the
  /// transform read and which of them were out of gamut.
  func convertMeasuring(_ rows: PixelBuffer, firstRow: Int = 0) -> TransformResult {
    transform.applyMeasuring(to: prepared(rows), firstRow: firstRow)
  }

  /// Whether the route gives every pixel of an RGB or RGBA source of `bitDepth` bits per sample its own codes, bit
  /// for bit, at the same depth: no lcms2 stage and a transform that copies codes (the source's space is the
  /// target's, or moves no color; ``MatrixTransform/movesNoColor(source:destination:linearMatrix:throughInverses:)``).
  func keepsCodes(ofBitDepth bitDepth: Int) -> Bool {
    prefilter == nil && !expandGray && transform.copiesCodes && target.bitDepth == bitDepth
  }

  /// The pixels fed to the matrix transform.
  private func prepared(_ rows: PixelBuffer) -> PixelBuffer {
    var pixels = rows
    if expandGray { pixels = pixels.expandedToRGB() }
    if let prefilter { pixels = prefilter.apply(to: pixels) }
    return pixels
  }
}
