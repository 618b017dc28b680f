/// The outermost ring of an image's pixels, gathered from its strips as they go by (the first and last rows whole,
/// the first and last pixel of every row between) into one row: what a dark app icon's background is judged on,
/// so that only these pixels are converted.
struct PixelRing {
  let height: Int
  private var samples: PixelBuffer.Samples?
  private var layout: PixelBuffer.Layout?
  private var count = 0

  init(height: Int) {
    self.height = height
  }

  /// Takes the ring's pixels of `rows`, whose first row is row `firstRow` of the image.
  mutating func add(_ rows: PixelBuffer, firstRow: Int) {
    layout = rows.layout
    let channels = rows.layout.channels
    var indices: [Int] = []
    for row in 0..<rows.height {
      let y = firstRow + row
      let start = row * rows.width
      indices += y == 0 || y == height - 1 ? Array(start..<start + rows.width) : [start, start + rows.width - 1]
    }
    count += indices.count
    switch rows.samples {
    case .eight(let values):
      var kept: [UInt8] = []
      if case .eight(let earlier) = samples { kept = earlier }
      for index in indices { kept += values[index * channels..<(index + 1) * channels] }
      samples = .eight(kept)
    case .sixteen(let values):
      var kept: [UInt16] = []
      if case .sixteen(let earlier) = samples { kept = earlier }
      for index in indices { kept += values[index * channels..<(index + 1) * channels] }
      samples = .sixteen(kept)
    }
  }

  /// The ring as one row of pixels; nil before any strip.
  var pixels: PixelBuffer? {
    guard let samples, let layout, count > 0 else { return nil }
    return PixelBuffer(width: count, height: 1, layout: layout, samples: samples)
  }
}
