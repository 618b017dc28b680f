internal import CLCMS2
internal import GamutLCMSC

/// One lcms2 context with a log handler (`cmsSetLogErrorHandlerTHR`) that keeps the messages lcms2 reports, so
/// that a failure can carry lcms2's own words, and a memory budget (see `gamut_lcms.h`), so that a profile whose
/// tags claim huge tables fails instead of taking the memory. Use one context per operation or job; the context
/// is deleted when the last reference goes away.
final class LCMSContext {
  /// The messages lcms2 reported through the log handler, in order.
  private final class MessageLog {
    static let limit = 16
    var messages: [String] = []
  }

  let handle: cmsContext
  private let log: MessageLog
  /// The most lcms2 may allocate in this context at once, in bytes.
  let memoryLimit: Int

  /// The budget of a context for a profile of `profileBytes` bytes: 32 MiB for transforms and built-in profiles,
  /// plus eight times the profile (lcms2 holds a copy of the bytes and expands its tables, 8-bit ones to 16 bits).
  static func memoryLimit(profileBytes: Int) -> Int {
    (32 << 20) + 8 * profileBytes
  }

  /// Creates a context whose error messages are kept and whose allocations may total `memoryLimit` bytes.
  init(memoryLimit: Int = LCMSContext.memoryLimit(profileBytes: 0)) throws(ProfileError) {
    let log = MessageLog()
    guard
      let raw = gamut_lcms_context_create(memoryLimit, Unmanaged.passUnretained(log).toOpaque())
    else {
      throw ProfileError(.lcmsFailure, "lcms2 could not create a context")
    }
    self.handle = OpaquePointer(raw)
    self.log = log
    self.memoryLimit = memoryLimit
    cmsSetLogErrorHandlerTHR(handle, lcmsLogHandler)
  }

  deinit {
    gamut_lcms_context_delete(UnsafeMutableRawPointer(handle))
  }

  /// The messages lcms2 reported so far, joined, or nil when there were none.
  var reportedMessage: String? {
    var messages = log.messages
    if gamut_lcms_context_budget_exceeded(UnsafeMutableRawPointer(handle)) != 0 {
      messages.append("the profile needs more than gamut's lcms2 memory budget of \(memoryLimit) bytes")
    }
    return messages.isEmpty ? nil : messages.joined(separator: "; ")
  }

  /// Records a message; called by the C log handler.
  fileprivate static func record(_ text: String, in context: cmsContext) {
    guard let raw = gamut_lcms_context_user_data(UnsafeMutableRawPointer(context)) else { return }
    let log = Unmanaged<MessageLog>.fromOpaque(raw).takeUnretainedValue()
    if log.messages.count < MessageLog.limit, log.messages.last != text {
      log.messages.append(text)
    }
  }
}

/// The `@convention(c)` log handler installed on every context: it stores lcms2's message in the context's log.
private func lcmsLogHandler(_ context: cmsContext?, _ code: cmsUInt32Number, _ text: UnsafePointer<CChar>?) {
  guard let context, let text else { return }
  LCMSContext.record(String(cString: text), in: context)
}
