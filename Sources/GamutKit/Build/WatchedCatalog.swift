/// What `gamut watch` does with each round of its ``WatchLoop``: one build of the catalog that leaves alone the
/// files the round defers, after reading the configuration again when the round took a new version of it or it
/// was removed.
///
/// The watch follows every kind of file `build` reads (``SourceReadiness`` says when each is complete), so a
/// changed color file, design tokens file, vector, symbol or app icon source is built in the round that takes it,
/// and a changed configuration applies to the whole catalog in the round that takes it (the builder's
/// fingerprints rebuild exactly the assets whose outputs it changes). A configuration that cannot be read is a
/// broken file of the loop, so it is never taken; should it change again between the loop's check and the read,
/// the previous configuration stays and ``Outcome/configurationError`` says why.
public struct WatchedCatalog: Sendable {
  /// Makes a builder from the configuration as it is now (with whatever the command line sets on top).
  public typealias MakeBuilder = @Sendable () throws(BuildConfiguration.Error) -> CatalogBuilder

  /// The builder of the next round.
  public private(set) var builder: CatalogBuilder
  private let makeBuilder: MakeBuilder
  /// The configuration file the watch follows, relative to the source folder.
  private let configuration: String

  /// A watched catalog whose configuration is `configuration` (relative to the source folder, by default
  /// `gamut.yml`); the first builder is made now.
  public init(
    configuration: String = SourceScanner.configurationName, makeBuilder: @escaping MakeBuilder
  ) throws(BuildConfiguration.Error) {
    self.configuration = configuration
    self.makeBuilder = makeBuilder
    builder = try makeBuilder()
  }

  /// What one round did.
  public struct Outcome: Sendable {
    /// The build's report.
    public var report: BuildReport
    /// Whether the configuration was read again before the build.
    public var reconfigured = false
    /// Why the configuration could not be read again, when it could not (the previous one was used).
    public var configurationError: String?
  }

  /// Builds the catalog for `round`, reporting each asset to `progress`.
  public mutating func rebuild(
    _ round: WatchRound, progress: @escaping @Sendable (CatalogBuilder.Event) -> Void = { _ in }
  ) throws(FileError) -> Outcome {
    var reconfigured = false
    var configurationError: String?
    if round.ready.contains(where: { $0.relativePath == configuration }) || round.removed.contains(configuration) {
      do throws(BuildConfiguration.Error) {
        builder = try makeBuilder()
        reconfigured = true
      } catch {
        configurationError = error.description
      }
    }
    var builder = self.builder
    builder.shouldDefer = { round.shouldDefer($0) }
    let report = try builder.build(progress: progress)
    return Outcome(report: report, reconfigured: reconfigured, configurationError: configurationError)
  }
}
