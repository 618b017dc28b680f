/// The decoded samples of an image: interleaved channels, top row first, no padding between rows.
///
/// Eight-bit images keep one byte per sample; sixteen-bit images keep one native-endian `UInt16` per sample.
/// Alpha, where present, is straight (not premultiplied), as PNG stores it.
public struct PixelBuffer: Sendable, Equatable {
  /// Which channels each pixel has, in storage order.
  public enum Layout: Int, Sendable, Codable, CaseIterable {
    case gray = 1
    case grayAlpha = 2
    case rgb = 3
    case rgba = 4

    /// Samples per pixel.
    public var channels: Int { rawValue }
    /// Whether the last channel of each pixel is alpha.
    public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
    /// Whether the color channels are a single gray channel.
    public var isGray: Bool { self == .gray || self == .grayAlpha }
  }

  /// Sample storage: one array of 8-bit or of 16-bit samples.
  public enum Samples: Sendable, Equatable {
    case eight([UInt8])
    case sixteen([UInt16])

    /// The number of samples stored.
    public var count: Int {
      switch self {
      case .eight(let values): values.count
      case .sixteen(let values): values.count
      }
    }
  }

  public var width: Int
  public var height: Int
  public var layout: Layout
  public var samples: Samples

  /// Creates a buffer; `samples.count` must equal `width * height * layout.channels`.
  public init(width: Int, height: Int, layout: Layout, samples: Samples) {
    precondition(width > 0 && height > 0, "an image has at least one pixel")
    precondition(samples.count == width * height * layout.channels, "sample count does not match the size")
    self.width = width
    self.height = height
    self.layout = layout
    self.samples = samples
  }

  /// Bits per sample: 8 or 16.
  public var bitDepth: Int {
    switch samples {
    case .eight: 8
    case .sixteen: 16
    }
  }

  /// Samples in one row.
  public var rowSampleCount: Int { width * layout.channels }

  /// The samples of pixel (`x`, `y`) widened to 16 bits (8-bit values are scaled by 257), for tests and tools.
  public func pixel16(x: Int, y: Int) -> [UInt16] {
    let start = (y * width + x) * layout.channels
    switch samples {
    case .eight(let values):
      return values[start..<start + layout.channels].map { UInt16($0) * 257 }
    case .sixteen(let values):
      return Array(values[start..<start + layout.channels])
    }
  }
}

extension PixelBuffer {
  /// A copy of the rows `range` (within the height) as an image of their own.
  public func rows(_ range: Range<Int>) -> PixelBuffer {
    precondition(!range.isEmpty && range.lowerBound >= 0 && range.upperBound <= height, "rows outside the image")
    if range.count == height { return self }
    let samples = (range.lowerBound * rowSampleCount)..<(range.upperBound * rowSampleCount)
    switch self.samples {
    case .eight(let values):
      return PixelBuffer(width: width, height: range.count, layout: layout, samples: .eight(Array(values[samples])))
    case .sixteen(let values):
      return PixelBuffer(width: width, height: range.count, layout: layout, samples: .sixteen(Array(values[samples])))
    }
  }

  /// Strips of one image (same width, layout and bit depth), top to bottom, as one image.
  public static func stacked(_ strips: [PixelBuffer]) -> PixelBuffer {
    precondition(!strips.isEmpty, "an image has at least one strip")
    let first = strips[0]
    let height = strips.reduce(0) { $0 + $1.height }
    let samples: Samples
    switch first.samples {
    case .eight:
      samples = .eight(
        strips.flatMap { strip -> [UInt8] in
          guard case .eight(let values) = strip.samples else { preconditionFailure("strips of different depths") }
          return values
        })
    case .sixteen:
      samples = .sixteen(
        strips.flatMap { strip -> [UInt16] in
          guard case .sixteen(let values) = strip.samples else { preconditionFailure("strips of different depths") }
          return values
        })
    }
    return PixelBuffer(width: first.width, height: height, layout: first.layout, samples: samples)
  }
}
