#if !canImport(CryptoKit)
  #if canImport(Glibc)
    internal import Glibc
  #elseif canImport(Musl)
    internal import Musl
  #endif

  /// OpenSSL's libcrypto, loaded the first time SHA-256 is needed (`dlopen`), for its EVP digest API.
  ///
  /// Linking it loaded it at every start: its symbols bound and relocated before `main` cost 2.5 M instructions,
  /// a tenth of a small file's `gamut check`, which never hashes (scripts/bench/speed.md, "Issue 39, third
  /// round"). OpenSSL 3 is tried first, then 1.1, whose EVP digest API is the same.
  struct Libcrypto: Sendable {
    typealias Context = OpaquePointer
    let newContext: @convention(c) () -> Context?
    let freeContext: @convention(c) (Context?) -> Void
    let sha256: @convention(c) () -> OpaquePointer?
    let initialize: @convention(c) (Context?, OpaquePointer?, OpaquePointer?) -> Int32
    let update: @convention(c) (Context?, UnsafeRawPointer?, Int) -> Int32
    let finalize: @convention(c) (Context?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32

    /// The library, loaded once per process; a machine without it stops here, saying so.
    static let shared: Libcrypto = {
      let names = ["libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"]
      guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
        fatalError("SHA256Hasher: cannot load OpenSSL's libcrypto (\(names.joined(separator: ", ")))")
      }
      return Libcrypto(handle: handle)
    }()

    private init(handle: UnsafeMutableRawPointer) {
      func symbol<T>(_ name: String, as type: T.Type) -> T {
        guard let address = dlsym(handle, name) else { fatalError("SHA256Hasher: libcrypto has no \(name)") }
        return unsafeBitCast(address, to: type)
      }
      newContext = symbol("EVP_MD_CTX_new", as: (@convention(c) () -> Context?).self)
      freeContext = symbol("EVP_MD_CTX_free", as: (@convention(c) (Context?) -> Void).self)
      sha256 = symbol("EVP_sha256", as: (@convention(c) () -> OpaquePointer?).self)
      initialize = symbol(
        "EVP_DigestInit_ex", as: (@convention(c) (Context?, OpaquePointer?, OpaquePointer?) -> Int32).self)
      update = symbol("EVP_DigestUpdate", as: (@convention(c) (Context?, UnsafeRawPointer?, Int) -> Int32).self)
      finalize = symbol(
        "EVP_DigestFinal_ex",
        as: (@convention(c) (Context?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32).self)
    }
  }
#endif
