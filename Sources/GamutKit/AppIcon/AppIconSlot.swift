/// One image of an app icon set: the platform block it belongs to, its appearance and its size.
///
/// iOS and watchOS take one 1024x1024 image per appearance (the single-size format of Xcode 14 and later; iOS 18
/// added the dark and tinted appearances). macOS takes ten images: 16, 32, 128, 256 and 512 points, each at 1x and
/// 2x, without appearances.
public struct AppIconSlot: Hashable, Sendable, Comparable {
  /// The platforms an app icon set can serve, in the order their blocks appear in `Contents.json`.
  public enum Platform: String, CaseIterable, Sendable, Codable {
    case ios, macos, watchos
  }

  /// The luminosity appearances of an iOS icon, in Xcode's order.
  public enum Appearance: String, CaseIterable, Sendable, Codable {
    case any, dark, tinted
  }

  public var platform: Platform
  public var appearance: Appearance
  /// The size in points: 1024 for iOS and watchOS, 16 to 512 for macOS.
  public var points: Int
  /// 1 or 2 for macOS; 1 for the single-size iOS and watchOS images (written without a `scale`).
  public var scale: Int

  public init(platform: Platform, appearance: Appearance = .any, points: Int = 1024, scale: Int = 1) {
    self.platform = platform
    self.appearance = appearance
    self.points = points
    self.scale = scale
  }

  /// The macOS point sizes, in Xcode's order.
  public static let macPoints = [16, 32, 128, 256, 512]

  /// The slots an icon set has for these platforms, in Xcode's order: iOS (any, dark, tinted for the appearances
  /// given), then macOS (each size at 1x, then 2x), then watchOS.
  public static func slots(platforms: Set<Platform>, iOSAppearances: Set<Appearance>) -> [AppIconSlot] {
    var slots: [AppIconSlot] = []
    if platforms.contains(.ios) {
      for appearance in Appearance.allCases where iOSAppearances.contains(appearance) {
        slots.append(AppIconSlot(platform: .ios, appearance: appearance))
      }
    }
    if platforms.contains(.macos) {
      for points in macPoints {
        for scale in [1, 2] { slots.append(AppIconSlot(platform: .macos, points: points, scale: scale)) }
      }
    }
    if platforms.contains(.watchos) { slots.append(AppIconSlot(platform: .watchos)) }
    return slots
  }

  /// Width and height in pixels.
  public var pixels: Int { points * scale }

  /// Xcode's order (see ``slots(platforms:iOSAppearances:)``).
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.sortKey.lexicographicallyPrecedes(rhs.sortKey)
  }

  private var sortKey: [Int] {
    [
      Platform.allCases.firstIndex(of: platform)!, Appearance.allCases.firstIndex(of: appearance)!, points, scale,
    ]
  }

  /// The file name in the icon set: `Name.png`, `Name~dark.png`, `Name~tinted.png` for iOS, `Name~16@1x.png` to
  /// `Name~512@2x.png` for macOS, `Name~watchos.png` for watchOS.
  public func fileName(iconName: String) -> String {
    switch platform {
    case .ios: iconName + (appearance == .any ? "" : "~" + appearance.rawValue) + ".png"
    case .macos: iconName + "~\(points)@\(scale)x.png"
    case .watchos: iconName + "~watchos.png"
    }
  }

  /// The `Contents.json` entry for `fileName` in this slot, with Xcode's keys.
  func contentsEntry(fileName: String) -> XcodeJSON {
    var entry: [String: XcodeJSON] = [
      "filename": .string(fileName),
      "size": .string("\(points)x\(points)"),
    ]
    switch platform {
    case .ios, .watchos:
      entry["idiom"] = .string("universal")
      entry["platform"] = .string(platform.rawValue)
    case .macos:
      entry["idiom"] = .string("mac")
      entry["scale"] = .string("\(scale)x")
    }
    if appearance != .any {
      entry["appearances"] = .array([
        .object(["appearance": .string("luminosity"), "value": .string(appearance.rawValue)])
      ])
    }
    return .object(entry)
  }
}

extension ContentsFile {
  /// An app icon set's `Contents.json`: one entry per image, in Xcode's order.
  static func appIconSet(images: [(slot: AppIconSlot, fileName: String)]) -> String {
    let entries = images.sorted { $0.slot < $1.slot }.map { $0.slot.contentsEntry(fileName: $0.fileName) }
    return XcodeJSON.object(["images": .array(entries), "info": info]).rendered()
  }
}
