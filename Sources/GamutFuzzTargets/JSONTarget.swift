import Foundation
internal import GamutKit

/// Fuzz body for the one reader of the JSON files others write (``JSONNodeReader``) and for what reads its tree:
/// the bytes as a catalog's `Contents.json` of every kind (the shape check, each entry's typed views, `lint --fix`'s
/// rewrite in today's layout) and as an Icon
/// Composer `icon.json` (the structure, every property resolved for each appearance and idiom, fills and their
/// colors' ΔE2000, the compatibility class, the checks that need no layer file, and the inspection encoded as JSON).
public enum JSONTarget {
  /// Reads `bytes`. A refusal must name a line of the text; a tree must be lossless (its compact text reads back
  /// to the same text) with every line inside the text; every finding must point at a line of the file; the
  /// inspection must always encode as JSON (no infinity or NaN reaches it).
  public static func run(_ bytes: [UInt8]) {
    let lineCount = bytes.count { $0 == 0x0A } + 1
    let node: JSONNode
    do throws(JSONNodeReader.Failure) {
      node = try JSONNodeReader.read(bytes)
    } catch {
      precondition((1...lineCount).contains(error.line), "a refusal outside the text: \(error)")
      precondition(!error.reason.isEmpty, "a refusal without a reason")
      return
    }
    let compact = node.compactText()
    precondition(
      (try? JSONNodeReader.read(Array(compact.utf8)))?.compactText() == compact, "the tree does not read back")
    precondition((1...lineCount).contains(node.line), "a value outside the text")
    readAsContents(bytes, lineCount: lineCount)
    if node.kind == .object { readAsIcon(node, lineCount: lineCount) }
  }

  /// The bytes as the `Contents.json` of each kind: every finding inside the file, every entry's views computable
  /// and its traits, when it has them, consistent with its keys.
  private static func readAsContents(_ bytes: [UInt8], lineCount: Int) {
    for kind in [nil] + CatalogSet.Kind.allCases.map(Optional.some) {
      let parsed = CatalogReader.parseContents(bytes, kind: kind, path: "Fuzz/Contents.json")
      for finding in parsed.findings {
        precondition((1...lineCount).contains(finding.line ?? 1), "a finding outside the file: \(finding)")
      }
      if let document = parsed.document, let rewritten = ContentsLayoutLint.rewritten(bytes, document: document) {
        // lint --fix's rewrite in today's layout: Xcode's spacing, the same values, and a fixed point.
        let again = CatalogReader.parseContents(rewritten, kind: kind, path: "Fuzz/Contents.json").document
        precondition(ContentsLayoutLint.hasXcodeSpacing(rewritten), "a rewrite not in Xcode's spacing")
        precondition(again.map { ContentsLayoutLint.rewritten(rewritten, document: $0) == nil } == true, "unstable")
      }
      guard let kind, let document = parsed.document else { continue }
      for element in document[kind.entriesKey]?.elements ?? [] {
        guard let members = element.members else { continue }
        let entry = CatalogEntry(line: element.line, members: members)
        if let traits = entry.traits {
          precondition(traits.idiom.rawValue == (entry.idiom ?? "universal"), "traits with another idiom")
          precondition(traits.highContrast == entry.highContrast, "traits with another contrast")
        }
        _ = (entry.filename, entry.scaleFactor, entry.luminosity, entry.color?.components.count)
      }
    }
  }

  /// The document as `icon.json` of a bundle with no files.
  private static func readAsIcon(_ node: JSONNode, lineCount: Int) {
    let document = IconDocument(node)
    for element in [document.root] + document.groups.flatMap({ [$0.element] + $0.layers }) {
      for property in element.properties.values {
        for appearance in IconAppearance.allCases {
          for idiom in [nil] + IconIdiom.allCases.map(Optional.some) {
            if let value = property.resolve(appearance, idiom: idiom) {
              _ = IconFill(value)?.colors.map(\.mappingDeltaE2000)
            }
          }
        }
      }
    }
    var bundle = IconBundle(path: "/nonexistent/gamut-fuzz/Fuzz.icon")
    bundle.problem = nil
    bundle.document = document
    let inspection = IconInspection(bundle)
    for finding in inspection.findings where finding.path == bundle.documentPath {
      precondition((1...lineCount).contains(finding.line ?? 1), "a finding outside the file: \(finding)")
    }
    precondition((try? JSONEncoder().encode(inspection)) != nil, "the inspection does not encode as JSON")
  }
}
