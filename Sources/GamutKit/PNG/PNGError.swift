/// A PNG that could not be decoded or encoded: which file, what kind of problem, and libpng's or zlib's own text.
public struct PNGError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of problem stopped the work.
  public enum Kind: String, Sendable, Equatable {
    /// The data does not start with the PNG signature.
    case notPNG
    /// The data ends before the PNG does.
    case truncated
    /// The PNG is invalid: a bad CRC, bad compressed data, a bad header, an unreadable ICC profile.
    case corrupt
    /// A ``PNGLimits`` bound (size, chunk, profile or memory) was exceeded.
    case limitExceeded
    /// The request cannot be done, for example an invalid argument to the encoder.
    case unsupported
    /// The operating system could not read the file.
    case io

    /// The phrase used in ``PNGError/description``.
    public var phrase: String {
      switch self {
      case .notPNG: "not a PNG file"
      case .truncated: "truncated PNG"
      case .corrupt: "corrupt PNG"
      case .limitExceeded: "PNG exceeds a limit"
      case .unsupported: "unsupported"
      case .io: "cannot read"
      }
    }
  }

  /// The file, when the error came from ``PNGDecoder/decode(contentsOf:)``.
  public var path: String?
  public var kind: Kind
  /// The detail, usually libpng's message with the chunk name first (`IDAT: invalid distance too far back`).
  public var message: String

  public init(path: String? = nil, kind: Kind, message: String) {
    self.path = path
    self.kind = kind
    self.message = message
  }

  /// For example `art/logo.png: corrupt PNG: IDAT: invalid distance too far back`.
  public var description: String {
    (path.map { "\($0): " } ?? "") + reason
  }

  /// The problem without the path, for example `corrupt PNG: IDAT: invalid distance too far back`.
  public var reason: String { "\(kind.phrase): \(message)" }
}
