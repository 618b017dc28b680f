extension SourceScanner.Result {
  /// Every file a build reads, which the watch follows: image, vector and symbol sources, color files and design
  /// tokens, and the configuration file at the root.
  var watchedFiles: [SourceFile] {
    sources + colorSources + (configuration.map { [$0] } ?? [])
  }
}
