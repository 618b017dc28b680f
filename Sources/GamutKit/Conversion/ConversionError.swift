/// Why an image could not be converted.
public struct ConversionError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
