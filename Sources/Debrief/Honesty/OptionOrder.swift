/// The order a participant is shown the options of a choice question that shuffles them
/// (``ChoiceSpec/shuffleOptions``), derived from the seed of their view's ``OpenedTicket``.
///
/// Deterministic: the same seed and question give the same order, so a reload of the same page
/// keeps it and the server can recompute at submission what was shown, trusting no order a
/// client sends. Each question gets its own order (the seed is mixed with the question's key).
/// The participant's own "other" answer is not an option: it stays last, and the recorded order
/// ends with ``ChoiceSpec/otherCategory`` when the question allows one.
public enum OptionOrder {
    /// The option ids of `spec` in the order shown for `seed`: the form's order when the question
    /// does not shuffle, a seeded Fisher–Yates permutation when it does; then `other` if allowed.
    public static func presented(_ spec: ChoiceSpec, question: QuestionKey, seed: UInt64?) -> [String] {
        var ids = spec.options.map(\.id)
        if spec.shuffleOptions, let seed {
            var generator = SplitMix64(seed: seed ^ Self.fnv1a(question.rawValue))
            // Fisher–Yates with a bounded draw (no modulo bias worth the name at 20 options: the
            // draw is 64 bits wide).
            for index in stride(from: ids.count - 1, to: 0, by: -1) {
                let other = Int(generator.next() % UInt64(index + 1))
                ids.swapAt(index, other)
            }
        }
        if spec.allowsOther { ids.append(ChoiceSpec.otherCategory) }
        return ids
    }

    /// The options of `spec` in the presented order (the "other" entry is the page's own field).
    public static func options(_ spec: ChoiceSpec, question: QuestionKey, seed: UInt64?) -> [ChoiceOption] {
        let byID = Dictionary(uniqueKeysWithValues: spec.options.map { ($0.id, $0) })
        return Self.presented(spec, question: question, seed: seed).compactMap { byID[$0] }
    }

    /// The presented order of every shuffled choice question of `form`, by question key: what a
    /// response keeps. Empty when no question shuffles or there is no seed.
    public static func recorded(for form: FormDefinition, seed: UInt64?) -> [String: [String]] {
        guard let seed else { return [:] }
        var orders: [String: [String]] = [:]
        for question in form.questions {
            if case .choice(let spec) = question.body, spec.shuffleOptions {
                orders[question.key.rawValue] = Self.presented(spec, question: question.key, seed: seed)
            }
        }
        return orders
    }

    /// `form` with every shuffled choice question's options in the order shown for `seed`: what
    /// the participant API and page hand out.
    public static func apply(to form: FormDefinition, seed: UInt64?) -> FormDefinition {
        var copy = form
        copy.questions = form.questions.map { question in
            guard case .choice(var spec) = question.body, spec.shuffleOptions else { return question }
            var shown = question
            spec.options = Self.options(spec, question: question.key, seed: seed)
            shown.body = .choice(spec)
            return shown
        }
        return copy
    }

    /// FNV-1a over the key's UTF-8: a stable hash (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// SplitMix64: a small, well-mixed generator whose output depends only on its seed (the
/// standard library's generator is not seedable).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        self.state = seed
    }

    mutating func next() -> UInt64 {
        self.state &+= 0x9e37_79b9_7f4a_7c15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
