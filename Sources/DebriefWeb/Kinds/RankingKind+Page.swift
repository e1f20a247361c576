import Debrief

extension RankingKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(.kindRanking) }
    static var partial: String { "question-ranking" }

    static func addLabel(_ t: Localizer) -> String { t(.addRankingButton) }

    /// The builder's option rows are the options to rank.
    static var hasOptionRows: Bool { true }

    /// One place `<select>` (1 to n) per option, in the order the participant last gave (the
    /// host's order at first): a plain form control, so ranking needs no script and works with a
    /// keyboard and on a phone (docs/decisions/0070).
    static func participantField(
        _ spec: RankingSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        let places = Self.places(spec, question: question.key, fields: fields)
        let shown = spec.options.enumerated().sorted { (places[$0.element.id] ?? Int.max, $0.offset) < (places[$1.element.id] ?? Int.max, $1.offset) }
        view.rankingRows = shown.map { _, option in
            ParticipantFormPage.RankingRow(
                rankID: "\(fieldID)-\(option.id)", rankLabel: option.label, rankField: PostedAnswers.gridField(question.key, option.id),
                places: (1...spec.options.count).map { ParticipantFormPage.RankPlace(place: $0, placeChosen: places[option.id] == $0) })
        }
        view.hint = t(.rankEach, ["n": String(spec.options.count)])
    }

    /// The options ordered by their places (two options at one place keep the host's order);
    /// an option without a place is left out, which the domain refuses naming it.
    static func read(
        _ spec: RankingSpec, question key: QuestionKey, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?) {
        let places = Self.places(spec, question: key, fields: fields)
        guard !places.isEmpty else { return (false, nil) }
        answer.ranking = spec.options.enumerated().compactMap { index, option in places[option.id].map { (option.id, $0, index) } }
            .sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
        return (true, nil)
    }

    /// `g.KEY.OPTION` = its place, 1 for the first.
    static func postedFields(_ value: [String], question key: QuestionKey) -> [(name: String, value: String)] {
        value.enumerated().map { (PostedAnswers.gridField(key, $0.element), String($0.offset + 1)) }
    }

    static func itemIDs(_ spec: RankingSpec) -> [String] { spec.options.map(\.id) }

    static func itemLabel(_ spec: RankingSpec, _ id: String) -> String? { spec.option(withID: id)?.label }

    /// The builder's option rows are the options to rank.
    static func describeDraft(_ draft: BuilderDraft.Question, at path: String, fields: DraftFieldReader, into input: inout QuestionInput) {
        input.options = draft.options.map { OptionInput(id: fields.text($0.id), label: $0.label) }
    }

    /// Each option's posted place, where it is a number.
    private static func places(_ spec: RankingSpec, question key: QuestionKey, fields: FormFields) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: spec.options.compactMap { option in
            fields[PostedAnswers.gridField(key, option.id)].flatMap(Int.init).map { (option.id, $0) }
        })
    }
}
