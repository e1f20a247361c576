import Debrief
import Foundation

/// "Show this question only when…" as lists to choose from (issue 32, item 3): the earlier
/// rating and choice questions by their text, then the chosen question's options as checkboxes
/// or its scale as two selects. The host never sees a key or an option id; the values posted
/// are the ones an API client would type (``BuilderDraft`` reads both).
///
/// Without script the lists show the question chosen when the page was rendered: choosing
/// another and pressing "Update choices" (`showWhen:{i}`) re-renders them. Rendering every
/// earlier question's options for every follow-up instead would grow the page with the square
/// of its length (50 questions of 20 options: 50,000 checkboxes), the very length item 5 cuts.
/// With script (`builder.js`) the lists follow the chosen question and every edit live.
struct BuilderFollowUpPicker {
    struct Source {
        var value: String
        var label: String
        var selected: Bool
    }

    struct Box {
        var id: String
        var value: String
        var label: String
        var checked: Bool
    }

    struct Step {
        var value: String
        var label: String
        var selected: Bool
    }

    var sources: [Source] = []
    var rules: [BuilderPage.RuleOption] = []
    /// The chosen question is a choice: its options to tick.
    var isChoice = false
    var boxes: [Box] = []
    /// The chosen question is a rating: its scale, from and to.
    var isRating = false
    var from: [Step] = []
    var to: [Step] = []
    /// No question chosen yet: the hint that says what to do.
    var isUnchosen = false
    /// A question the page cannot list (a key typed by an API client, a question moved below):
    /// its values stay as text, so nothing posted is lost and the domain's problem names it.
    var isUnknown = false
    /// The condition in words, for the question's summary line (nil when there is none).
    var summary: String?

    /// A question of a `<template>`: nothing chosen; the script lists the earlier questions.
    init() { self.isUnchosen = true }

    /// The picker of question `i` of `draft`.
    init(_ q: BuilderDraft.Question, at i: Int, in draft: BuilderDraft, t: Localizer) {
        let chosen = q.showWhenQuestion.trimmingCharacters(in: .whitespaces)
        var found: (Int, BuilderDraft.Question)?
        for (index, earlier) in draft.questions.enumerated().prefix(i) where earlier.kind == .rating || earlier.kind == .choice {
            let selected = !chosen.isEmpty && earlier.key == chosen
            if selected { found = (index, earlier) }
            self.sources.append(Source(value: earlier.key, label: Self.name(earlier, at: index, t), selected: selected))
        }
        if !chosen.isEmpty && found == nil {
            self.sources.append(Source(value: chosen, label: t(.followUpUnknownSource, ["key": chosen]), selected: true))
        }
        let rule = q.showWhenRule
        let all: [(String, String)] = [
            ("ratingBetween", t(.showWhenRatingBetween)), ("chosen", t(.showWhenChosen)), ("notChosen", t(.showWhenNotChosen)),
        ]
        let prefix = "q\(i)"
        let tokens = q.showWhenValues.components(separatedBy: CharacterSet(charactersIn: " ,")).filter { !$0.isEmpty }
        switch found {
        case let (index, source)? where source.kind == .choice:
            self.isChoice = true
            self.rules = all.dropFirst().map { BuilderPage.RuleOption(value: $0.0, label: $0.1, selected: rule == $0.0) }
            self.boxes = source.options.enumerated().map { j, option in
                Box(
                    id: "\(prefix)-showWhen-o\(j)", value: option.id,
                    label: option.label.isEmpty ? t(.optionNumber, ["n": String(j + 1)]) : option.label,
                    checked: tokens.contains(option.id))
            }
            let picked = self.boxes.filter(\.checked).map(\.label)
            if !picked.isEmpty {
                let phrase: BuilderPhrase = rule == "notChosen" ? .shownWhenNotChosen : .shownWhenChosen
                self.summary = t(phrase, ["question": t(.questionNumber, ["n": String(index + 1)]), "options": picked.joined(separator: ", ")])
            }
        case let (index, source)?:
            self.isRating = true
            self.rules = [BuilderPage.RuleOption(value: "ratingBetween", label: all[0].1, selected: true)]
            let low = Int(source.min.trimmingCharacters(in: .whitespaces)) ?? 1
            let high = max(low, Int(source.max.trimmingCharacters(in: .whitespaces)) ?? 5)
            let bounds = q.showWhenValues.components(separatedBy: CharacterSet(charactersIn: " ,-–")).compactMap { Int($0) }
            let from = bounds.first ?? low
            let to = bounds.count > 1 ? bounds[1] : (bounds.first ?? high)
            func step(_ value: Int, _ selected: Int) -> Step {
                var label = String(value)
                if value == low && !source.minLabel.isEmpty { label += " – " + source.minLabel }
                if value == high && !source.maxLabel.isEmpty { label += " – " + source.maxLabel }
                return Step(value: String(value), label: label, selected: value == selected)
            }
            // Small scales only (the domain allows 0–10 at most); a broken one lists nothing.
            let scale = high - low <= 10 ? Array(low...high) : []
            self.from = scale.map { step($0, from) }
            self.to = scale.map { step($0, to) }
            self.summary = t(.shownWhenRange, ["question": t(.questionNumber, ["n": String(index + 1)]), "from": String(from), "to": String(to)])
        default:
            if chosen.isEmpty {
                self.isUnchosen = true
            } else {
                self.isUnknown = true
                self.rules = all.map { BuilderPage.RuleOption(value: $0.0, label: $0.1, selected: rule == $0.0) }
            }
        }
    }

    /// "Question 2: How useful was it?" — how a question is named in the lists.
    static func name(_ q: BuilderDraft.Question, at index: Int, _ t: Localizer) -> String {
        let text = q.prompt.trimmingCharacters(in: .whitespaces)
        return t(.questionNumber, ["n": String(index + 1)]) + ": " + (text.isEmpty ? t(.followUpUntitled) : text)
    }
}
