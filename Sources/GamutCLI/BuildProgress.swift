import Foundation
import GamutKit
import Synchronization

/// Shows a build's progress on standard error: a bar with counts and the current asset on a terminal, a line per
/// rebuilt asset otherwise, or nothing.
final class BuildProgress: Sendable {
  enum Mode { case bar, lines, silent }

  private struct State {
    var total = 0
    var done = 0
    var barShown = false
  }

  private let mode: Mode
  private let state = Mutex(State())
  private let printer = Printer()

  init(mode: Mode) {
    self.mode = mode
  }

  func handle(_ event: CatalogBuilder.Event) {
    guard mode != .silent else { return }
    state.withLock { state in
      switch event {
      case .waitingForLock:
        write("gamut: another build is writing this catalog; waiting for it to finish\n")
      case .planned(let assets):
        state.total = assets
      case .removed(let asset):
        if mode == .lines { write("removed \(asset)\n") }
      case .finished(let asset, let rebuilt, let failed, _):
        state.done += 1
        switch mode {
        case .bar:
          let width = 24
          let filled = state.total == 0 ? width : width * state.done / state.total
          let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
          let name = asset.count > 40 ? "…" + asset.suffix(39) : asset
          write("\r\u{1B}[K[\(bar)] \(state.done)/\(state.total) \(name)")
          state.barShown = true
        case .lines where rebuilt:
          write(failed ? "failed \(asset)\n" : "built \(asset)\n")
        default:
          break
        }
      }
    }
  }

  /// Clears the bar, so that what follows starts on a clean line.
  func finish() {
    state.withLock { state in
      if state.barShown { write("\r\u{1B}[K") }
      state.barShown = false
    }
  }

  private func write(_ text: String) {
    printer.text(text, to: .error)
  }
}
