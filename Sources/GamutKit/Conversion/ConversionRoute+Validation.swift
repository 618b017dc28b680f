extension ConversionRoute {
  /// Checks that a route can be built from `profile`, the way ``ColorConverter`` builds one: a matrix/TRC or
  /// gray-TRC profile whose curves and white make sense, or a lookup-table profile lcms2 builds a sane transform
  /// from with the default options (relative colorimetric, no black-point compensation): the decision is made
  /// without the command's options, and `inspect` has none. ``ColorSpaceDecision`` passes over a profile that
  /// fails, so that a decision with a profile is one `convert` can carry out with the default options; with another
  /// intent, lcms2 may refuse a lookup-table profile's tables, and `convert` then fails with that reason.
  static func validate(_ profile: ICCProfile) throws(ConversionError) {
    if try SourceModelReader.model(of: profile) != nil { return }
    _ = try LookupPrefilter(profile: profile, options: ConversionOptions())
  }
}
