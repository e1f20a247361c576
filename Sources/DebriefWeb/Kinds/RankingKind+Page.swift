import Debrief

extension RankingKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(RankingPhrase.kindRanking) }
    static var partial: String { "question-ranking" }

    static func addLabel(_ t: Localizer) -> String { t(RankingPhrase.addRankingButton) }

    /// The builder's option rows are the options to rank.
    static var hasOptionRows: Bool { true }

    static var phrases: (any PhraseTable.Type)? { RankingPhrase.self }

    /// A ranking's percent is each option's share of all Borda points given, not of the
    /// respondents: said so, or "Roadmap 55.6%" reads as 55.6 % of the room (issue 68).
    static func share(_ percent: String, _ t: Localizer) -> String? { t(RankingPhrase.shareOfPoints, ["percent": percent]) }

    /// Turns the place `<select>`s into buttons tapped in order of preference (issue 68): the
    /// page posts the same fields with it or without it.
    static let participantScript: Assets.File? = Assets.File(name: "ranking.js", contentType: "text/javascript; charset=utf-8")

    /// One place `<select>` (1 to n) per option, in the order the participant last gave (the
    /// host's order at first): a plain form control, so ranking needs no script and works with a
    /// keyboard and on a phone (docs/decisions/0070). `ranking.js` hides them behind a button per
    /// option and fills them in as the participant taps.
    static func participantField(
        _ spec: RankingSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        let places = Self.places(spec, question: question.key, fields: fields)
        let shown = spec.options.enumerated().sorted { (places[$0.element.id] ?? Int.max, $0.offset) < (places[$1.element.id] ?? Int.max, $1.offset) }
        view.kindFields = ParticipantFields(rankingRows: shown.map { _, option in
            RankingRow(
                rankID: "\(fieldID)-\(option.id)", rankLabel: option.label, rankField: PostedAnswers.gridField(question.key, option.id),
                places: (1...spec.options.count).map { RankPlace(place: $0, placeChosen: places[option.id] == $0) })
        })
        view.hint = t(RankingPhrase.rankEach, ["n": String(spec.options.count)])
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

    /// The participant partial's own view (`kindFields`): one row per option, in the order shown.
    struct ParticipantFields {
        var rankingRows: [RankingRow]
    }

    /// One option of a ranking and its place (blank, or 1 to n). Names differ from the
    /// question's own (`rankLabel`, `placeChosen`): a nested mustache section would otherwise read
    /// the outer value.
    struct RankingRow {
        var rankID: String
        var rankLabel: String
        var rankField: String
        var places: [RankPlace]
    }

    struct RankPlace {
        var place: Int
        var placeChosen: Bool
    }

    /// Each option's posted place, where it is a number.
    private static func places(_ spec: RankingSpec, question key: QuestionKey, fields: FormFields) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: spec.options.compactMap { option in
            fields[PostedAnswers.gridField(key, option.id)].flatMap(Int.init).map { (option.id, $0) }
        })
    }
}

/// The ranking kind's own phrases (its name, its button and the participant's places), kept beside its page
/// part and listed with every table through ``PageKindPart/phrases`` (docs/decisions/0065); read
/// by templates as `{{t.name}}`.
enum RankingPhrase: String, CaseIterable, PairedPhraseTable {
    case kindRanking, addRankingButton, rankEach, rankPosition, shareOfPoints
    /// What `ranking.js` says: its hint, the place a button shows to a screen reader, and the
    /// live region's sentence after a tap.
    case rankTapHint, rankPlaceOnButton, rankPlaced, rankUnplaced

    var texts: (en: String, ko: String) {
        switch self {
        case .kindRanking: return ("Ranking", "순위")
        case .addRankingButton: return ("Add a ranking", "순위 질문 추가")
        case .rankEach: return ("Give each option its place: 1 is first, {n} is last.", "각 선택지의 순위를 골라 주세요: 1이 첫째, {n}이 마지막이에요.")
        case .rankPosition: return ("Place", "순위")
        case .shareOfPoints: return ("{percent}% of points", "점수의 {percent}%")
        case .rankTapHint:
            return ("Tap the options in order of preference: the first you tap is 1. Tap a numbered option to take it out.",
                    "좋아하는 순서대로 선택지를 눌러 주세요: 처음 누른 것이 1이에요. 번호가 붙은 선택지를 다시 누르면 빠져요.")
        case .rankPlaceOnButton: return ("place {place} of {n}", "{n}개 중 {place}위")
        case .rankPlaced: return ("{option}: place {place} of {n}", "{option}: {n}개 중 {place}위")
        case .rankUnplaced: return ("{option}: no place; {count} of {n} placed", "{option}: 순위에서 뺐어요. {n}개 중 {count}개 정했어요")
        }
    }
}
