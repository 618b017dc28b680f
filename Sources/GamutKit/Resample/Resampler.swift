/// Makes smaller versions of an image the way light adds up: in linear light, with premultiplied alpha, through a
/// Lanczos-3 filter, then encoded again in the image's own color space.
///
/// Averaging gamma-encoded values darkens fine detail (a pattern of black and white lines halves to code 128
/// instead of about 188), and averaging straight alpha bleeds the color of transparent pixels into the edges of
/// shapes (dark fringes). So each source is decoded once with its transfer curve, each color sample multiplied by
/// its alpha, filtered along rows and then columns, divided by the filtered alpha, encoded with the same curve and
/// rounded to the source's bit depth. The pixels keep their color space and layout: a Display P3 image stays
/// Display P3 (sRGB and Display P3 share the sRGB curve), an opaque one stays without alpha.
///
/// Only downscaling is offered: a size larger than the source is refused, since upscaling invents no detail.
struct Resampler: Sendable {
  private let source: LinearImage
  private let layout: PixelBuffer.Layout
  private let bitDepth: Int
  private let curve: TransferCurve

  /// Prepares `pixels`, whose color samples are encoded with `curve`, for any number of smaller sizes.
  init(_ pixels: PixelBuffer, curve: TransferCurve = .sRGB) {
    source = LinearImage(pixels, curve: curve)
    layout = pixels.layout
    bitDepth = pixels.bitDepth
    self.curve = curve
  }

  /// The source's width and height.
  var sourceSize: (width: Int, height: Int) { (source.width, source.height) }

  /// The image at `width` x `height`, each no larger than the source's, in the source's layout and bit depth.
  func resized(width: Int, height: Int) -> PixelBuffer {
    precondition(width > 0 && height > 0, "an image has at least one pixel")
    precondition(width <= source.width && height <= source.height, "the resampler only makes smaller images")
    return source.resampled(width: width, height: height).encoded(layout: layout, bitDepth: bitDepth, curve: curve)
  }
}
