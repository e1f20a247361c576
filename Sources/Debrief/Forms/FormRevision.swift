/// What a host may change on a published, open form without a new version, and which answers of
/// two versions of one meeting's form may be counted together.
///
/// A wording edit (title, prompts, option and statement labels, rating end labels, placeholders,
/// translations and the form's language) keeps the
/// version, its code and its answers: it changes how a question reads, not what an answer to it
/// means, and it accepts exactly the answers the form accepted before. Anything else (a kind, a
/// scale, an option added or removed, a question added or removed, `required`, a length limit,
/// the form's settings) is a change of meaning, saved as a new version under the same code.
extension FormDefinition {
    /// The definition with every piece of wording blanked.
    var meaning: FormDefinition {
        var copy = self
        copy.title = ""
        // An analysis setting, not part of what is asked: retuning it keeps the version, so the
        // new threshold applies to the responses already given (docs/decisions/0036).
        copy.speederThresholdSeconds = nil
        // A display setting the host switches on and off in the room: it changes no answer.
        copy.sharesResultsLive = false
        copy.questions = self.questions.map(\.meaning)
        // Languages are wording too: adding Korean to an open form changes no answer's meaning.
        copy.language = .english
        copy.translations = [:]
        return copy
    }

    /// True when `self` and `other` differ in wording only (or not at all).
    public func differsOnlyInWording(from other: FormDefinition) -> Bool {
        self.meaning == other.meaning
    }
}

extension Question {
    /// The question with its wording blanked.
    var meaning: Question {
        var copy = self
        copy.prompt = ""
        copy.body = self.body.descriptor.meaning(of: self.body)
        return copy
    }

    /// True when answers to `self` (in a form version) and `other` (same key, another version of
    /// the same meeting's form) mean the same and may be counted together: the same kind, the same
    /// scale for a rating, the same scale and statement keys for a grid, the same option ids (in any order, labels aside) and the same single or
    /// multiple selection for a choice. Keys are not compared: callers pair questions by key.
    public func answersAreComparable(to other: Question) -> Bool {
        self.body.descriptor.answersAreComparable(self.body, other.body)
    }
}

extension FormDefinition {
    /// True when the answers of `earlier` (another version of the same meeting's form) to the
    /// question of `self` with `key` may be counted with this version's: the question is
    /// comparable, and both versions promise the same anonymity and privacy threshold (answers
    /// given under a stricter promise are never shown under a weaker one).
    public func countsAnswers(of earlier: FormDefinition, to key: QuestionKey) -> Bool {
        guard let mine = self.question(for: key), let theirs = earlier.question(for: key) else { return false }
        // A follow-up is counted with another version's only when it was shown to the same people:
        // the same condition, on a question whose answers are counted together too (so the number
        // shown it, taken from that question's counts, covers the same versions).
        guard mine.showWhen == theirs.showWhen else { return false }
        if let condition = mine.showWhen, !self.countsAnswers(of: earlier, to: condition.question) { return false }
        return self.anonymous == earlier.anonymous && self.privacyThreshold == earlier.privacyThreshold
            && mine.answersAreComparable(to: theirs)
    }
}
