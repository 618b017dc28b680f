/// An image in linear light with premultiplied alpha, as `Double` samples: the form in which resampling adds
/// light the way a display and an eye do.
///
/// Color samples are decoded with the image's transfer curve and multiplied by alpha; alpha stays as it is. An
/// image without alpha is treated as opaque. ``encoded(layout:bitDepth:curve:)`` undoes both steps.
struct LinearImage: Sendable {
  let width: Int
  let height: Int
  /// Color channels per pixel: 1 (gray) or 3 (RGB).
  let colorChannels: Int
  /// Interleaved samples: the color channels, then alpha, for every pixel, top row first.
  var samples: [Double]

  /// Samples per pixel: the color channels and alpha.
  var channels: Int { colorChannels + 1 }

  init(width: Int, height: Int, colorChannels: Int, samples: [Double]) {
    precondition(samples.count == width * height * (colorChannels + 1), "sample count does not match the size")
    self.width = width
    self.height = height
    self.colorChannels = colorChannels
    self.samples = samples
  }

  /// Decodes `pixels`, whose color samples are encoded with `curve`.
  init(_ pixels: PixelBuffer, curve: TransferCurve) {
    let layout = pixels.layout
    let colorChannels = layout.isGray ? 1 : 3
    let maxCode: Int
    let codes: [Int]
    switch pixels.samples {
    case .eight(let values):
      maxCode = 255
      codes = values.map(Int.init)
    case .sixteen(let values):
      maxCode = 65535
      codes = values.map(Int.init)
    }
    let scale = 1 / Double(maxCode)
    let decoded = (0...maxCode).map { curve.decode(Double($0) * scale) }
    var samples = [Double](repeating: 0, count: pixels.width * pixels.height * (colorChannels + 1))
    let stride = layout.channels
    for pixel in 0..<(pixels.width * pixels.height) {
      let source = pixel * stride
      let target = pixel * (colorChannels + 1)
      let alpha = layout.hasAlpha ? Double(codes[source + stride - 1]) * scale : 1
      for channel in 0..<colorChannels {
        samples[target + channel] = decoded[codes[source + channel]] * alpha
      }
      samples[target + colorChannels] = alpha
    }
    self.init(width: pixels.width, height: pixels.height, colorChannels: colorChannels, samples: samples)
  }

  /// Divides alpha out again, encodes the color samples with `curve` and rounds to `bitDepth` (8 or 16) bits, in
  /// `layout` (which must have as many color channels as the image; without alpha, alpha is dropped).
  ///
  /// Values are clamped to 0...1 first: a sharp filter overshoots a little beside hard edges. A pixel whose alpha
  /// is zero keeps no color (all samples 0).
  func encoded(layout: PixelBuffer.Layout, bitDepth: Int, curve: TransferCurve) -> PixelBuffer {
    precondition((layout.isGray ? 1 : 3) == colorChannels, "the layout has a different number of color channels")
    let maxCode = Double(bitDepth == 16 ? 65535 : 255)
    var codes = [Int](repeating: 0, count: width * height * layout.channels)
    for pixel in 0..<(width * height) {
      let source = pixel * channels
      let target = pixel * layout.channels
      let alpha = min(max(samples[source + colorChannels], 0), 1)
      guard alpha > 0 else { continue }
      for channel in 0..<colorChannels {
        let straight = min(max(samples[source + channel] / alpha, 0), 1)
        codes[target + channel] = Int((curve.encode(straight) * maxCode).rounded())
      }
      if layout.hasAlpha { codes[target + colorChannels] = Int((alpha * maxCode).rounded()) }
    }
    let stored: PixelBuffer.Samples =
      bitDepth == 16 ? .sixteen(codes.map { UInt16($0) }) : .eight(codes.map { UInt8($0) })
    return PixelBuffer(width: width, height: height, layout: layout, samples: stored)
  }

  /// The image resampled to `width` x `height` with Lanczos-3, first along rows, then along columns.
  func resampled(width newWidth: Int, height newHeight: Int) -> LinearImage {
    let across = newWidth == width ? self : resampledRows(to: newWidth)
    return newHeight == height ? across : across.resampledColumns(to: newHeight)
  }

  private func resampledRows(to newWidth: Int) -> LinearImage {
    let filter = LanczosWeights(sourceCount: width, targetCount: newWidth)
    let channels = self.channels
    var out = [Double](repeating: 0, count: newWidth * height * channels)
    samples.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        for row in 0..<height {
          let rowStart = row * width * channels
          for column in 0..<newWidth {
            let target = (row * newWidth + column) * channels
            for tap in (column * filter.tapsPerSample)..<((column + 1) * filter.tapsPerSample) {
              let weight = filter.weights[tap]
              let source = rowStart + filter.indices[tap] * channels
              for channel in 0..<channels { output[target + channel] += weight * input[source + channel] }
            }
          }
        }
      }
    }
    return LinearImage(width: newWidth, height: height, colorChannels: colorChannels, samples: out)
  }

  private func resampledColumns(to newHeight: Int) -> LinearImage {
    let filter = LanczosWeights(sourceCount: height, targetCount: newHeight)
    let rowLength = width * channels
    var out = [Double](repeating: 0, count: newHeight * rowLength)
    samples.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        for row in 0..<newHeight {
          let target = row * rowLength
          for tap in (row * filter.tapsPerSample)..<((row + 1) * filter.tapsPerSample) {
            let weight = filter.weights[tap]
            let source = filter.indices[tap] * rowLength
            for index in 0..<rowLength { output[target + index] += weight * input[source + index] }
          }
        }
      }
    }
    return LinearImage(width: width, height: newHeight, colorChannels: colorChannels, samples: out)
  }
}
