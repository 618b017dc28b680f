public import Foundation

/// Runs the built `gamut` executable, as a user or a build step would, and captures what it prints.
public struct GamutProcess {
  public var status: Int32
  public var standardOutput: String
  public var standardError: String

  /// The folder with the built products: the `gamut` executable sits beside the test bundle.
  public static var productsFolder: URL {
    #if os(macOS)
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  /// The project root (``TestData/projectRoot``).
  public static var projectRoot: URL { TestData.projectRoot }

  /// `Tests/Fixtures/testdata`: the real test files (``TestData/sharedRoot``).
  public static var testData: URL { TestData.sharedRoot }

  /// Runs `gamut` with `arguments` in `directory` and waits for it. The environment is the test's, without the
  /// GitHub Actions variables (so results do not depend on where the tests run), plus `environment`.
  public static func run(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
  ) throws -> GamutProcess {
    let process = Process()
    process.executableURL = productsFolder.appendingPathComponent("gamut")
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["GITHUB_ACTIONS"] = nil
    variables["GITHUB_WORKSPACE"] = nil
    process.environment = variables.merging(environment) { $1 }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return GamutProcess(
      status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self))
  }
}
