extension ImageSetWork {
  /// `unusual-profile`, `unusable-color-chunk`, `unusable-profile`: the file converted, with the standard profile, to
  /// its slot's space (sRGB in an sRGB slot, Display P3 in a display-P3 one) or, in an any-gamut slot, to sRGB, or to
  /// Display P3 where its pixels leave sRGB (nothing is clipped away). A chunk passed over is fixed only where the
  /// intent is clear: another chunk decides the colors; with none left, what they mean is not known.
  mutating func convert(_ findings: [LintFinding]) {
    for finding in findings {
      let file = SetFolder.name(of: finding.diagnostic.path)
      guard let image = images[file] else {
        unfixed.append(.init(finding: finding, reason: "not a PNG gamut converts"))
        continue
      }
      if finding.diagnostic.code != .unusualProfile, image.decision.source == .untagged {
        unfixed.append(
          .init(finding: finding, reason: "no usable color chunk is left, so what its colors mean is not known"))
        continue
      }
      if products[file] == nil {
        guard namedOnce(file) else {
          unfixed.append(.init(finding: finding, reason: "the file is named by two entries"))
          continue
        }
        let gamut = entries.first { $0.filename == file }?.gamut
        let target: ConversionTarget =
          switch gamut {
          case RenditionTraits.DisplayGamut.displayP3.rawValue?: .displayP3
          case RenditionTraits.DisplayGamut.sRGB.rawValue?: .sRGB
          default: leaves(file) ? .displayP3 : .sRGB
          }
        convert(file, to: target)
      }
      fixed.append(finding)
    }
  }

  /// `mixed-profiles`: in each gamut slot and appearance (lint's grouping) whose files are in several spaces, every
  /// file converted to one: the slot's own space, or in an any-gamut slot Display P3 when a file's pixels leave sRGB
  /// and sRGB otherwise. Files already in that space are left as they are.
  mutating func harmonize(_ findings: [LintFinding]) {
    guard !findings.isEmpty else { return }
    let groups = Dictionary(grouping: entries.compactMap(\.filename).filter { outputSpace($0) != nil }) { name in
      let entry = entries.first { $0.filename == name }!
      return [entry.gamut ?? "", entry.luminosity ?? "", entry.highContrast ? "high" : ""]
    }
    var trial = self
    for (key, members) in groups.sorted(by: { $0.key.joined(separator: "/") < $1.key.joined(separator: "/") }) {
      guard Set(members.map { trial.outputSpace($0)! }).count > 1 else { continue }
      let target: ConversionTarget =
        switch key[0] {
        case RenditionTraits.DisplayGamut.displayP3.rawValue: .displayP3
        case RenditionTraits.DisplayGamut.sRGB.rawValue: .sRGB
        default:
          members.contains { trial.leaves(trial.source(of: $0)) } ? .displayP3 : .sRGB
        }
      let name = target == .sRGB ? "sRGB" : "Display P3"
      for member in members where trial.outputSpace(member) != name {
        guard trial.namedOnce(member) else {
          unfixed += findings.map { .init(finding: $0, reason: "\(QuotedValue.quote(member)) is named by two entries") }
          return
        }
        trial.convert(member, to: target)
      }
    }
    self = trial
    fixed += findings
  }

  /// `needless-16-bit`: the file written at 8 bits, every sample its high byte, with the same color information (an
  /// embedded profile, the sRGB chunk, or none). A file another fix converts needs nothing more. A file whose colors
  /// a gAMA/cHRM or cICP chunk decides is left: gamut's PNG writer carries profiles and the sRGB chunk only.
  mutating func eightBits(_ findings: [LintFinding]) {
    for finding in findings {
      let file = SetFolder.name(of: finding.diagnostic.path)
      guard let image = images[file] else {
        unfixed.append(.init(finding: finding, reason: "not a PNG gamut reads"))
        continue
      }
      if products[file] == nil {
        switch image.decision.source {
        case .iCCP, .sRGB, .untagged: products[file] = .eightBit(from: file)
        case .cICP, .gAMAcHRM:
          unfixed.append(
            .init(
              finding: finding,
              reason: "its colors are decided by a \(image.decision.source.rawValue) chunk, which the 8-bit file "
                + "would not carry; --fix unusual-profile converts it instead"))
          continue
        }
      }
      fixed.append(finding)
    }
  }

  /// `dark-rendition-copy` (opt-in: it removes a file): the dark entry is emptied (Xcode's empty slot: Dark Mode
  /// shows the light or any-appearance rendition, which is what the copy showed) and its file removed when no entry
  /// names it any more.
  mutating func emptyDarkCopies(_ findings: [LintFinding]) {
    for finding in findings {
      let indices = entries.indices.filter {
        entries[$0].line == finding.diagnostic.line && entries[$0].luminosity == "dark" && entries[$0].filename != nil
      }
      guard !indices.isEmpty else {
        unfixed.append(.init(finding: finding, reason: "the dark entry is not in the set any more"))
        continue
      }
      for index in indices { entries[index].filename = nil }
      entriesChanged = true
      fixed.append(finding)
    }
  }

  /// `unlisted-file` (opt-in: it removes a file): the file no entry names is removed.
  mutating func removeUnlisted(_ findings: [LintFinding]) {
    for finding in findings {
      let file = SetFolder.name(of: finding.diagnostic.path)
      guard names.contains(file), !entries.contains(where: { $0.filename == file }) else {
        unfixed.append(.init(finding: finding, reason: "an entry names the file"))
        continue
      }
      removes.insert(file)
      fixed.append(finding)
    }
  }
}
