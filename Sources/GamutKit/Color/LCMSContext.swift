internal import CLCMS2

/// One lcms2 context (`cmsCreateContext`) with a log handler (`cmsSetLogErrorHandlerTHR`) that keeps the messages
/// lcms2 reports, so that a failure can carry lcms2's own words. Use one context per operation or job; the context
/// is deleted (`cmsDeleteContext`) when the last reference goes away.
final class LCMSContext {
  /// The messages lcms2 reported through the log handler, in order.
  private final class MessageLog {
    static let limit = 16
    var messages: [String] = []
  }

  let handle: cmsContext
  private let log: MessageLog

  /// Creates a context whose error messages are kept.
  init() throws(ProfileError) {
    let log = MessageLog()
    guard let handle = cmsCreateContext(nil, Unmanaged.passUnretained(log).toOpaque()) else {
      throw ProfileError(.lcmsFailure, "lcms2 could not create a context")
    }
    self.handle = handle
    self.log = log
    cmsSetLogErrorHandlerTHR(handle, lcmsLogHandler)
  }

  deinit {
    cmsDeleteContext(handle)
  }

  /// The messages lcms2 reported so far, joined, or nil when there were none.
  var reportedMessage: String? {
    log.messages.isEmpty ? nil : log.messages.joined(separator: "; ")
  }

  /// Records a message; called by the C log handler.
  fileprivate static func record(_ text: String, in context: cmsContext) {
    guard let raw = cmsGetContextUserData(context) else { return }
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
