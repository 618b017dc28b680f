internal import Foundation
internal import GamutFuzzTargets

/// The target this process fuzzes, named by the environment variable `GAMUT_FUZZ_TARGET` (`png`, `icc`,
/// `clipping`, `name`, `vector`, `colors` or `tokens`); nil when it is missing or unknown.
let selectedTarget = ProcessInfo.processInfo.environment["GAMUT_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

/// libFuzzer's start-up hook: stops at once, before any input runs, when no valid target is selected.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  if selectedTarget == nil {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("gamut-fuzz: set GAMUT_FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
  }
  return 0
}

/// libFuzzer's entry point: runs the selected target's body on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  selectedTarget?.run(bytes)
  return 0
}
