/// Owns one lcms2 handle (profile, tone curve, transform, text) and frees it with the matching lcms2 call in
/// `deinit`. It also keeps its context alive, since lcms2 objects must not outlive the context they were made in.
final class LCMSResource<Handle> {
  let handle: Handle
  private let context: LCMSContext
  private let release: (Handle) -> Void

  /// Takes ownership of `handle`, which `release` frees.
  init(_ handle: Handle, context: LCMSContext, release: @escaping (Handle) -> Void) {
    self.handle = handle
    self.context = context
    self.release = release
  }

  deinit {
    release(handle)
  }
}
