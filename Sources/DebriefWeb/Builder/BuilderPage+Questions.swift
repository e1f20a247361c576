import Debrief
import Foundation

/// The builder's question editors: one block of fields per question and one row per option (or
/// grid statement), named so that the posted form reads back into the draft (`q3.o1.label`), with
/// each problem beside its field. ``BuilderPage`` holds them; the new question and option
/// `<template>`s the builder's script clones are built here too (`qnew`, `onew`).
extension BuilderPage {
    struct OptionRow {
        var idName: String
        var labelName: String
        var idValue: String
        var label: String
        var labelID: String
        var labelText: String
        var labelError: String?
        /// The move buttons' actions; a button that cannot move is rendered `hidden` (the
        /// builder's script shows it when a reorder makes it apply).
        var up: String
        var down: String
        var upHidden: Bool
        var downHidden: Bool
        var remove: String
        var upLabel: String
        var downLabel: String
        var removeLabel: String
        /// Where the keyboard was before the page re-rendered (`autofocus`, no script needed).
        var focusLabel = false
    }

    struct QuestionBlock {
        var prefix: String
        var heading: String
        var kind: String
        var kindLabel: String
        var key: String
        var keyError: String?
        var prompt: String
        var promptError: String?
        var questionError: String?
        var required: Bool
        var isChoice: Bool
        var isRating: Bool
        var isText: Bool
        /// Choices, grids and rankings list options (a grid's statements) and may add one.
        var hasOptions: Bool
        /// The rows are a grid's statements.
        var rowsAreStatements = false
        /// A kind with a rating scale (ratings, grids) shows its ends and their labels.
        var hasScale: Bool
        var addOptionText: String
        var allowsMultiple: Bool
        var maxSelections: String
        var maxSelectionsError: String?
        var allowsOther: Bool
        var shuffleOptions = false
        var options: [OptionRow]
        var optionCount: Int
        var optionsError: String?
        var min: String
        var max: String
        var scaleError: String?
        var minLabel: String
        var maxLabel: String
        var maxLength: String
        var maxLengthError: String?
        var placeholder: String
        /// The kind's own fields in the editor: its builder partial (``PageKindPart/builderPartial``)
        /// and what that partial reads (`kindFields`, from ``PageKindPart/builderFields(_:at:errors:)``).
        var builderPartial: String?
        var kindFields: Any?
        /// "Show this question only when…" (a follow-up's condition): the lists to pick it from,
        /// and the values as text when the page cannot list them.
        var showWhenQuestion: String
        var followUp: BuilderFollowUpPicker
        var showWhenValues: String
        var showWhenError: String?
        /// "Update choices": re-renders the follow-up's lists for the question chosen (no script).
        var updateChoices: String
        /// The editor is open: a question with a problem, or the one a button just added or changed
        /// (issue 32, item 5); every other question shows its summary line only.
        var open = false
        /// The summary line: the question's text (or a note that it has none yet).
        var summaryPrompt: String
        var up: String
        var down: String
        var upHidden: Bool
        var downHidden: Bool
        var remove: String
        var nps: String
        var addOption: String
        var upLabel: String
        var downLabel: String
        var removeLabel: String
        var focusPrompt = false
        var focusUp = false
        var focusDown = false
        var focusMin = false
        var focusShowWhen = false
        /// "Show this question only when…" is open only when set, wrong, or just asked for: a
        /// Bool, as an empty string opens a Mustache section (question 1's was always open).
        var showWhenOpen = false

        /// True when any field of the question shows a problem.
        var hasError: Bool {
            [self.keyError, self.promptError, self.questionError, self.maxSelectionsError, self.optionsError, self.scaleError,
             self.maxLengthError, self.showWhenError].contains { $0 != nil } || self.options.contains { $0.labelError != nil }
        }
    }

    /// One question's fields; `prefix` names them (`q3`, or `qnew` in a template).
    static func block(
        _ q: BuilderDraft.Question, at i: Int, last: Int, prefix: String, errors: FieldErrors, t: Localizer, draft: BuilderDraft
    ) -> QuestionBlock {
        let path = "questions[\(i)]"
        let number = t(.questionNumber, ["n": String(i + 1)])
        let optionLast = q.options.count - 1
        var block = QuestionBlock(
            prefix: prefix, heading: number, kind: q.kind.rawValue,
            kindLabel: Self.kindLabel(q.kind, t),
            key: q.key, keyError: errors[path + ".key"], prompt: q.prompt, promptError: errors[path + ".prompt"],
            questionError: errors[path] ?? errors[path + ".kind"], required: q.required,
            isChoice: q.kind == .choice, isRating: q.kind == .rating, isText: q.kind == .shortAnswer,
            hasOptions: q.kind.page?.hasOptionRows ?? false, hasScale: q.kind.page?.hasScale ?? false,
            addOptionText: q.kind.descriptor.itemsAreStatements ? t(.addStatementButton) : t(.addOptionButton),
            allowsMultiple: q.allowsMultiple, maxSelections: q.maxSelections, maxSelectionsError: errors[path + ".maxSelections"],
            allowsOther: q.allowsOther,
            options: q.options.enumerated().map { j, option in
                Self.option(
                    option, at: j, of: i, last: optionLast, number: number, qPrefix: prefix, isStatement: q.kind.descriptor.itemsAreStatements, errors: errors, t: t)
            },
            optionCount: q.options.count, optionsError: errors[path + ".options"] ?? errors[path + ".statements"],
            min: q.min, max: q.max, scaleError: errors[path + ".min"] ?? errors[path + ".max"],
            minLabel: q.minLabel, maxLabel: q.maxLabel, maxLength: q.maxLength, maxLengthError: errors[path + ".maxLength"],
            placeholder: q.placeholder,
            showWhenQuestion: q.showWhenQuestion,
            followUp: prefix == "qnew" ? BuilderFollowUpPicker() : BuilderFollowUpPicker(q, at: i, in: draft, t: t),
            showWhenValues: q.showWhenValues,
            showWhenError: errors.first(under: path + ".showWhen"),
            updateChoices: "showWhen:\(i)",
            summaryPrompt: q.prompt.trimmingCharacters(in: .whitespaces).isEmpty ? t(.summaryNoText) : q.prompt,
            up: "up:\(i)", down: "down:\(i)", upHidden: i == 0, downHidden: i >= last, remove: "remove:\(i)", nps: "nps:\(i)",
            addOption: "addOption:\(i)",
            upLabel: t(.moveUp) + ": " + number, downLabel: t(.moveDown) + ": " + number, removeLabel: t(.removeButton) + ": " + number)
        block.shuffleOptions = q.shuffleOptions
        block.builderPartial = q.kind.page?.builderPartial
        block.kindFields = q.kind.page?.builderFields(q, at: path, errors: errors)
        block.rowsAreStatements = q.kind.descriptor.itemsAreStatements
        block.showWhenOpen = !q.showWhenQuestion.trimmingCharacters(in: .whitespaces).isEmpty || block.showWhenError != nil
        return block
    }

    /// A question kind's name.
    static func kindLabel(_ kind: QuestionKind, _ t: Localizer) -> String {
        kind.page?.label(t) ?? kind.rawValue
    }

    /// One option's fields (or a grid statement's: `isStatement`), `j` of question `i`, named
    /// `{qPrefix}.o{j}.…` (or `oPrefix`: `onew` in a template).
    static func option(
        _ option: BuilderDraft.Option, at j: Int, of i: Int, last: Int, number: String, qPrefix: String, oPrefix: String? = nil,
        isStatement: Bool = false, errors: FieldErrors, t: Localizer
    ) -> OptionRow {
        let path = "questions[\(i)]"
        let list = isStatement ? ".statements" : ".options"
        let optionText = t(isStatement ? .statementNumber : .optionNumber, ["n": String(j + 1)])
        let o = oPrefix ?? "o\(j)"
        return OptionRow(
            idName: "\(qPrefix).\(o).id", labelName: "\(qPrefix).\(o).label", idValue: option.id, label: option.label,
            labelID: "\(qPrefix)-\(o)-label", labelText: optionText,
            labelError: errors[path + list + "[\(j)]"] ?? errors[path + list + "[\(j)].label"]
                ?? errors[path + list + "[\(j)]." + (isStatement ? "key" : "id")],
            up: "optionUp:\(i):\(j)", down: "optionDown:\(i):\(j)", upHidden: j == 0, downHidden: j >= last,
            remove: "removeOption:\(i):\(j)",
            upLabel: t(.moveUp) + ": " + number + ", " + optionText, downLabel: t(.moveDown) + ": " + number + ", " + optionText,
            removeLabel: t(.removeButton) + ": " + number + ", " + optionText)
    }
}
