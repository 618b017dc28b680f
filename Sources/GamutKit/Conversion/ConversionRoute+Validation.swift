extension ConversionRoute {
  /// Checks that a route can be built from `profile`, the way ``ColorConverter`` builds one: a matrix/TRC or
  /// gray-TRC profile whose curves and white make sense, or a lookup-table profile lcms2 builds a sane transform
  /// from (default options). ``ColorSpaceDecision`` passes over a profile that fails, so that a decision with a
  /// profile is one `convert` can carry out.
  static func validate(_ profile: ICCProfile) throws(ConversionError) {
    if try SourceModelReader.model(of: profile) != nil { return }
    _ = try LookupPrefilter(profile: profile, options: ConversionOptions())
  }
}
