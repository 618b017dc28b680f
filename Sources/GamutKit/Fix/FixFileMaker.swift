/// Makes the files a set's plan writes, from the set's own files, into the folder that will replace it: conversions
/// by the build's ``SourcePass`` (one read of a source makes its sRGB and Display P3 renditions together, through
/// the conversion routes, ``RenditionWriter`` and the build's PNG settings), and 8-bit rewrites of 16-bit files.
struct FixFileMaker {
  let context: FixContext

  /// Makes every file `plan` writes, reading the set folder `original`, into `staging`.
  func make(_ plan: SetFixPlan, from original: String, into staging: String) throws(FileError) {
    var conversions: [String: [ConversionTarget: [String]]] = [:]
    for (name, product) in plan.writes.sorted(by: { $0.key < $1.key }) {
      switch product {
      case .converted(let from, let target): conversions[from, default: [:]][target, default: []].append(name)
      case .eightBit(let from): try eightBit(from: from, in: original, to: staging + "/" + name)
      }
    }
    let realRoot: String
    do {
      realRoot = try FileSystem.realPath(original)
    } catch {
      throw FileError(path: original, operation: "read the set folder", errno: error)
    }
    let pass = SourcePass(converter: context.converter, options: context.options, folder: staging)
    for (from, targets) in conversions.sorted(by: { $0.key < $1.key }) {
      let source = try open(from, in: original, realRoot: realRoot)
      let output: SourcePass.Output
      do {
        output = try pass.run(
          source, request: SourcePass.Request(sRGB: targets[.sRGB] != nil, displayP3: targets[.displayP3] != nil))
      } catch {
        throw FileError(path: original + "/" + from, operation: "convert", reason: "\(error)")
      }
      for (target, written) in [(ConversionTarget.sRGB, output.sRGB), (.displayP3, output.displayP3)] {
        guard let names = targets[target], let written else { continue }
        try written.file.commit(to: staging + "/" + names[0], keepingIdenticalFile: false)
        for copy in names.dropFirst() { try StreamedFile.copy(staging + "/" + names[0], to: staging + "/" + copy) }
      }
    }
  }

  /// Opens the set's file `name` for reading, inside the set folder only.
  private func open(_ name: String, in folder: String, realRoot: String) throws(FileError) -> OpenedSource {
    guard let source = OpenedSource(name, root: folder, realRoot: realRoot) else {
      throw FileError(path: folder + "/" + name, operation: "open", reason: "it is not a regular file in the set")
    }
    return source
  }

  /// Writes the 16-bit PNG `name` of `folder` at 8 bits to `path`: every sample its high byte (the low byte is the
  /// same, as lint found), the same layout, and the color chunk that decided its colors (its embedded profile, the
  /// sRGB chunk, or none).
  private func eightBit(from name: String, in folder: String, to path: String) throws(FileError) {
    let failure = { (reason: String) in
      FileError(path: folder + "/" + name, operation: "write at 8 bits", reason: reason)
    }
    let realRoot = (try? FileSystem.realPath(folder)) ?? folder
    do {
      let reader = try open(name, in: folder, realRoot: realRoot).rowReader(limits: context.options.limits)
      guard reader.bitDepth == 16, let tag = Self.colorTag(reader.colorChunks) else {
        throw failure("it is not a 16-bit PNG whose color chunk gamut writes")
      }
      let file = try AtomicFileWriter(for: path)
      let writer = try PNGStreamWriter(
        width: reader.header.width, height: reader.header.height, layout: reader.layout, bitDepth: 8, colorTag: tag,
        compressionLevel: context.options.compressionLevel, sink: file)
      try reader.forEachStrip { rows, _ in
        guard case .sixteen(let samples) = rows.samples, samples.allSatisfy({ $0 % 257 == 0 }) else {
          throw failure("a sample 8 bits do not hold (the file changed since lint read it)")
        }
        try writer.append(
          PixelBuffer(
            width: rows.width, height: rows.height, layout: rows.layout, samples: .eight(samples.map { UInt8($0 >> 8) })
          ))
      }
      try writer.finish()
      try file.commit(to: path, keepingIdenticalFile: false)
    } catch let error as FileError {
      throw error
    } catch {
      throw failure("\(error)")
    }
  }

  /// The color chunk that decides the colors of a PNG with `chunks`, as gamut's writer writes it; nil for a gAMA/cHRM
  /// or cICP, which it does not write.
  static func colorTag(_ chunks: ColorChunks) -> PNGEncoder.ColorTag? {
    let decision = ColorSpaceDecision.of(chunks)
    switch decision.source {
    case .iCCP: return chunks.iccProfile.map { .iccProfile(name: $0.name, bytes: $0.bytes) }
    case .sRGB: return chunks.sRGBIntent.map { .sRGB(intent: $0) }
    case .untagged: return PNGEncoder.ColorTag.none
    case .cICP, .gAMAcHRM: return nil
    }
  }
}
