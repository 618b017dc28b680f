/// What `gamut build` needs to know of a JPEG it copies as it is, read from the markers before the first scan by a
/// small bounded reader: its size, sample precision, components and coding process, its embedded ICC profile, and
/// whether the file ends as a whole JPEG does. No pixel is decoded, so a JPEG costs its bytes and nothing more.
///
/// Bounds: one pass over the bytes (fill bytes included), at most ``maxSegments`` marker segments, an ICC profile of
/// at most ``maxProfileBytes``; every length is checked against what is left before it is used. The frame's size is
/// only reported: the caller checks it against its pixel budget.
package struct JPEGHeader: Sendable, Equatable {
  /// The coding processes gamut takes: those every common decoder (Apple's ImageIO, libjpeg) reads.
  package enum Process: String, Sendable {
    /// SOF0: baseline sequential, Huffman, 8 bits.
    case baseline
    /// SOF1: extended sequential, Huffman, 8 or 12 bits.
    case extended
    /// SOF2: progressive, Huffman.
    case progressive
  }

  /// Why the bytes are not a JPEG gamut takes.
  package struct Failure: Error, Sendable, Equatable {
    package var reason: String
  }

  /// The most marker segments read before the first scan (a real file has a few dozen).
  package static let maxSegments = 4096
  /// The largest ICC profile put together from APP2 chunks.
  package static let maxProfileBytes = 16 << 20

  package var width: Int
  package var height: Int
  /// Bits per sample: 8, or 12 (extended and progressive only).
  package var precision: Int
  /// 1 (gray), 3 (YCbCr or RGB) or 4 (CMYK or YCCK).
  package var components: Int
  package var process: Process
  /// The embedded ICC profile, its APP2 chunks put together in order; nil when there is none or it is broken.
  package var profile: [UInt8]?
  /// Why the APP2 chunks do not make a profile, when some are there but do not fit together.
  package var profileProblem: String?
  /// Whether the end-of-image marker closes the data (possibly followed by a trailer, as cameras append).
  package var hasEnd: Bool

  /// Reads the header of `bytes`.
  package static func read(_ bytes: [UInt8]) throws(Failure) -> JPEGHeader {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
      throw Failure(reason: "has no JPEG start-of-image marker (FF D8)")
    }
    var reader = JPEGMarkerReader(bytes: bytes, position: 2)
    var frame: JPEGMarkerReader.Frame?
    var chunks = JPEGProfileChunks()
    while true {
      let marker = try reader.nextMarker()
      switch marker {
      case 0xD8: throw Failure(reason: "has a second start-of-image marker before any scan")
      case 0xD9: throw Failure(reason: "ends (end-of-image marker) before any scan")
      case 0x01, 0xD0...0xD7: continue
      default: break
      }
      let segment = try reader.segment(marker)
      switch marker {
      case 0xC0...0xCF where ![0xC4, 0xC8, 0xCC].contains(marker):
        guard frame == nil else { throw Failure(reason: "has a second frame header before any scan") }
        frame = try JPEGMarkerReader.frame(marker, segment)
      case 0xE2: chunks.add(segment)
      case 0xDA:
        guard let frame else { throw Failure(reason: "has a scan before its frame header (SOF)") }
        let (profile, problem) = chunks.profile()
        return JPEGHeader(
          width: frame.width, height: frame.height, precision: frame.precision, components: frame.components,
          process: frame.process, profile: profile, profileProblem: problem,
          hasEnd: Self.hasEnd(bytes, scanStart: reader.position))
      default: continue
      }
    }
  }

  /// Whether the data after `scanStart` ends with FF D9, past any zero padding, or has one in the last 64 KiB (a
  /// trailer follows it). Scan data never holds FF D9 (an FF there is followed by 00 or a restart marker).
  static func hasEnd(_ bytes: [UInt8], scanStart: Int) -> Bool {
    var end = bytes.count
    while end > scanStart, bytes[end - 1] == 0 { end -= 1 }
    if end - scanStart >= 2, bytes[end - 2] == 0xFF, bytes[end - 1] == 0xD9 { return true }
    var index = end - 2
    while index >= max(scanStart, end - (64 << 10)) {
      if bytes[index] == 0xFF, bytes[index + 1] == 0xD9 { return true }
      index -= 1
    }
    return false
  }
}

/// Walks the marker segments of a JPEG, every length checked against what is left.
struct JPEGMarkerReader {
  /// The frame header (SOF) fields gamut uses.
  struct Frame {
    var width: Int
    var height: Int
    var precision: Int
    var components: Int
    var process: JPEGHeader.Process
  }

  let bytes: [UInt8]
  var position: Int
  var segments = 0

  /// The next marker's code, fill bytes (FF FF...) skipped.
  mutating func nextMarker() throws(JPEGHeader.Failure) -> UInt8 {
    guard position < bytes.count else { throw .init(reason: "is cut off before its first scan") }
    guard bytes[position] == 0xFF else {
      throw .init(reason: "has bytes where a marker should be, at byte \(position)")
    }
    while position < bytes.count, bytes[position] == 0xFF { position += 1 }
    guard position < bytes.count else { throw .init(reason: "is cut off before its first scan") }
    let marker = bytes[position]
    position += 1
    guard marker != 0 else { throw .init(reason: "has a stuffed zero byte outside a scan, at byte \(position - 1)") }
    segments += 1
    guard segments <= JPEGHeader.maxSegments else {
      throw .init(reason: "has more than \(JPEGHeader.maxSegments) marker segments before its first scan")
    }
    return marker
  }

  /// The payload of the segment of `marker` that starts here (after its two length bytes).
  mutating func segment(_ marker: UInt8) throws(JPEGHeader.Failure) -> ArraySlice<UInt8> {
    guard position + 2 <= bytes.count else { throw .init(reason: "is cut off in a marker segment") }
    let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
    guard length >= 2 else { throw .init(reason: "has a marker segment of length \(length), less than 2") }
    guard position + length <= bytes.count else { throw .init(reason: "is cut off in a marker segment") }
    defer { position += length }
    return bytes[(position + 2)..<(position + length)]
  }

  /// Reads a frame header: the coding process of `marker`, precision, size and components.
  static func frame(_ marker: UInt8, _ segment: ArraySlice<UInt8>) throws(JPEGHeader.Failure) -> Frame {
    let process: JPEGHeader.Process
    switch marker {
    case 0xC0: process = .baseline
    case 0xC1: process = .extended
    case 0xC2: process = .progressive
    default:
      let kind = marker == 0xC3 ? "lossless" : marker <= 0xC7 ? "hierarchical" : "arithmetic-coded"
      throw .init(reason: "is a \(kind) JPEG (SOF\(marker - 0xC0)), which common decoders do not read")
    }
    let fields = Array(segment)
    guard fields.count >= 6 else { throw .init(reason: "has a frame header too short for its fields") }
    let precision = Int(fields[0])
    let height = Int(fields[1]) << 8 | Int(fields[2])
    let width = Int(fields[3]) << 8 | Int(fields[4])
    let components = Int(fields[5])
    guard fields.count >= 6 + 3 * components else {
      throw .init(reason: "has a frame header shorter than its components")
    }
    guard precision == 8 || (precision == 12 && process != .baseline) else {
      throw .init(reason: "has \(precision)-bit samples in a \(process.rawValue) JPEG")
    }
    guard [1, 3, 4].contains(components) else {
      throw .init(reason: "has \(components) components (1, 3 or 4 expected)")
    }
    guard width > 0 else { throw .init(reason: "has a width of 0") }
    guard height > 0 else {
      throw .init(reason: "has a height of 0 (to be set by a DNL marker, which gamut does not read)")
    }
    return Frame(width: width, height: height, precision: precision, components: components, process: process)
  }
}

/// The APP2 `ICC_PROFILE` chunks of a JPEG, put together by their sequence numbers.
struct JPEGProfileChunks {
  private static let signature = Array("ICC_PROFILE\0".utf8)
  private var chunks: [Int: ArraySlice<UInt8>] = [:]
  private var declaredCount: Int?
  private var problem: String?
  private var total = 0

  /// Takes an APP2 segment's payload; one that is not an ICC chunk is ignored.
  mutating func add(_ segment: ArraySlice<UInt8>) {
    guard segment.count >= 14, segment.prefix(12).elementsEqual(Self.signature), problem == nil else { return }
    let sequence = Int(segment[segment.startIndex + 12])
    let count = Int(segment[segment.startIndex + 13])
    let data = segment.dropFirst(14)
    total += data.count
    if sequence < 1 || sequence > count || (declaredCount.map { $0 != count } ?? false) || chunks[sequence] != nil {
      problem = "its ICC profile chunks are numbered inconsistently"
    } else if total > JPEGHeader.maxProfileBytes {
      problem = "its ICC profile is larger than \(JPEGHeader.maxProfileBytes) bytes"
    } else {
      declaredCount = count
      chunks[sequence] = data
    }
  }

  /// The profile, or why there is none though chunks were there.
  func profile() -> ([UInt8]?, String?) {
    if let problem { return (nil, problem) }
    guard let declaredCount else { return (nil, nil) }
    guard chunks.count == declaredCount else {
      return (nil, "its ICC profile has \(chunks.count) of \(declaredCount) chunks")
    }
    return ((1...declaredCount).flatMap { Array(chunks[$0]!) }, nil)
  }
}
