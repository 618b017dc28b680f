extension AssetBuilder {
  /// A JPEG source's header read and checked, with the name of its color space: nil, with an `unreadable-jpeg` error
  /// in `diagnostics`, when the bytes are not a JPEG gamut takes or its size is over the pixel budget. A file cut
  /// off in its image data and a profile that cannot be read are warnings: the file is copied as it is.
  func checkedJPEG(
    _ bytes: [UInt8], path: String, diagnostics: inout [Diagnostic]
  ) -> (header: JPEGHeader, colorSpace: String)? {
    let header: JPEGHeader
    do throws(JPEGHeader.Failure) {
      header = try JPEGHeader.read(bytes)
    } catch {
      let what = FileSignature.describe(Array(bytes.prefix(FileSignature.headLength)))
      let reason = what.flatMap { $0 == "a JPEG image" ? nil : "is \($0), not JPEG" } ?? error.reason
      diagnostics.append(self.error(path, .unreadableJPEG, reason))
      return nil
    }
    let pixels = header.width * header.height
    guard pixels <= options.limits.maxPixels else {
      diagnostics.append(
        error(
          path, .unreadableJPEG,
          "is \(header.width)x\(header.height) pixels, more than the limit of \(options.limits.maxPixels) pixels"))
      return nil
    }
    if !header.hasEnd {
      diagnostics.append(
        Diagnostic(
          path: path, severity: .warning, code: .jpegIncomplete,
          message: "its image data does not end with the end-of-image marker (FF D9): a cut file shows gray below "
            + "the cut; copied as it is"))
    }
    return (header, colorSpaceName(header, path: path, diagnostics: &diagnostics))
  }

  /// The name of a JPEG's color space for the manifest: the space its ICC profile is recognised as, else the
  /// profile's own description; `untagged (sRGB)` without a profile (iOS and macOS show such a JPEG as sRGB).
  private func colorSpaceName(_ header: JPEGHeader, path: String, diagnostics: inout [Diagnostic]) -> String {
    let untagged = "untagged (sRGB)"
    if let problem = header.profileProblem {
      diagnostics.append(profileWarning(path, problem))
      return untagged
    }
    guard let bytes = header.profile else { return untagged }
    do throws(ProfileError) {
      let (info, identification) = try ICCProfile(bytes: bytes).inspectAndIdentify()
      if identification.space != .unknown { return identification.name }
      return info.description.map { "profile " + QuotedValue.quote($0) } ?? "unknown profile"
    } catch {
      diagnostics.append(profileWarning(path, "its ICC profile cannot be read: \(error)"))
      return untagged
    }
  }

  private func profileWarning(_ path: String, _ problem: String) -> Diagnostic {
    Diagnostic(
      path: path, severity: .warning, code: .jpegProfileUnreadable,
      message: problem + "; the app shows the image as sRGB; copied as it is")
  }
}
