/// Resolves the aliases (`"{group.token}"`) of one tokens file in time linear in the number of tokens: each token's
/// outcome is computed once and kept, chains are followed in a loop (never by recursion, so a chain of 100 000
/// tokens costs no stack), and a cycle is found once, its members all marked, and reported once with a bounded
/// message.
struct TokenAliasResolver {
  /// What a token resolves to.
  enum Outcome {
    case color(ColorValue)
    case failed(String)
    /// A member of the cycle with this index in ``cycles``.
    case inCycle(Int)
  }

  /// The file's color tokens, then the base file's (for a variant file; empty otherwise).
  let tokens: [String: DesignTokens.Token]
  let fallback: [String: DesignTokens.Token]
  private var outcomes: [String: Outcome] = [:]
  /// Each cycle's message, and whether it was reported.
  private(set) var cycles: [(message: String, reported: Bool)] = []

  init(tokens: [String: DesignTokens.Token], fallback: [String: DesignTokens.Token]) {
    self.tokens = tokens
    self.fallback = fallback
  }

  /// The outcome of token `name` (a token of the file).
  mutating func resolve(_ name: String) -> Outcome {
    var chain: [String] = []
    var onChain: [String: Int] = [:]
    var current = name
    var end: Outcome
    while true {
      if let known = outcomes[current] {
        if case .inCycle = known, !chain.isEmpty {
          end = .failed("alias to \(QuotedValue.quote(current)), which is in an alias cycle")
        } else {
          end = known
        }
        break
      }
      if let start = onChain[current] {
        let members = Array(chain[start...])
        cycles.append((Self.describe(cycle: members), false))
        for member in members { outcomes[member] = .inCycle(cycles.count - 1) }
        chain.removeSubrange(start...)
        end = .failed("alias to \(QuotedValue.quote(current)), which is in an alias cycle")
        break
      }
      guard let token = tokens[current] ?? fallback[current] else {
        end = .failed("alias to \(QuotedValue.quote(current)), which is not a color token")
        break
      }
      if let text = token.value.string, text.hasPrefix("{"), text.hasSuffix("}"), text.count >= 2 {
        onChain[current] = chain.count
        chain.append(current)
        current = String(text.dropFirst().dropLast())
        continue
      }
      do throws(ColorValueError) {
        end = .color(try DesignTokens.color(of: token.value))
      } catch {
        end = .failed(error.message)
      }
      outcomes[current] = end
      break
    }
    for member in chain where outcomes[member] == nil { outcomes[member] = end }
    return outcomes[name] ?? end
  }

  /// The message of cycle `index` the first time it is asked for, then nil.
  mutating func reportOnce(_ index: Int) -> String? {
    guard !cycles[index].reported else { return nil }
    cycles[index].reported = true
    return cycles[index].message
  }

  /// `alias cycle of N tokens: a -> b -> c -> a`, naming at most six tokens.
  static func describe(cycle members: [String]) -> String {
    let shown = members.prefix(6).map(QuotedValue.shortened)
    let path = (shown + (members.count > 6 ? ["…"] : []) + [QuotedValue.shortened(members[0])])
    return "alias cycle of \(members.count) token\(members.count == 1 ? "" : "s"): " + path.joined(separator: " -> ")
  }
}
