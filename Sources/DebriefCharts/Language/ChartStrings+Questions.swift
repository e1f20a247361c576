import Debrief

/// The words of a question's chart.
extension ChartStrings {
    /// The kind in a chart's description, e.g. "Rating grid" (each kind's ``ChartKindPart`` says it).
    func kindName(_ kind: QuestionKind) -> String {
        kind.chart?.name(self) ?? kind.rawValue
    }

    /// A grid's subtitle line: `3 statements on one scale`, `문항 3개, 같은 척도`.
    func statements(_ count: Int) -> String {
        self.choose(
            english: "\(DisplayText.count(count, "statement", "statements")) on one scale, centred on its midpoint",
            korean: "문항 \(count)개, 같은 척도, 중간값 기준")
    }

    /// `30 respondents`, `응답자 30명`.
    func respondents(_ count: Int) -> String {
        self.choose(english: DisplayText.count(count, "respondent", "respondents"), korean: "응답자 \(count)명")
    }

    /// `2 skipped`, `건너뜀 2명`.
    func skipped(_ count: Int) -> String {
        self.choose(english: "\(count) skipped", korean: "건너뜀 \(count)명")
    }

    /// A follow-up's reach: `Shown to 1 of 2 respondents`, `응답자 2명 중 1명에게 표시`; without
    /// `shown` (withheld with its deciding question), `Shown to some of 2 respondents`.
    func shownTo(_ shown: Int?, of total: Int) -> String {
        guard let shown else {
            return self.choose(
                english: "Shown to some of \(DisplayText.count(total, "respondent", "respondents"))", korean: "응답자 \(total)명 중 일부에게 표시")
        }
        return self.choose(
            english: "Shown to \(shown) of \(DisplayText.count(total, "respondent", "respondents"))", korean: "응답자 \(total)명 중 \(shown)명에게 표시")
    }

    /// `4 answers`, `답변 4개`.
    func answers(_ count: Int) -> String {
        self.choose(english: DisplayText.count(count, "answer", "answers"), korean: "답변 \(count)개")
    }

    /// How often a word came up: `3 mentions`, `3회 언급`.
    func mentions(_ count: Int) -> String {
        self.choose(english: DisplayText.count(count, "mention", "mentions"), korean: "\(count)회 언급")
    }

    /// A caption beside a number: `mean 7.6`, `평균 7.6`.
    func mean(_ value: String) -> String { self.choose(english: "mean \(value)", korean: "평균 \(value)") }
    func median(_ value: String) -> String { self.choose(english: "median \(value)", korean: "중앙값 \(value)") }
    func nps(_ value: String) -> String { "NPS \(value)" }

    /// The mean as a sentence of the description.
    func meanSentence(_ value: String) -> String { self.choose(english: "Mean \(value).", korean: "평균 \(value).") }

    /// In place of a number the privacy rule hides.
    var withheld: String { self.choose(english: "withheld", korean: "숨김") }

    /// The label of the participants' own answers of a choice (the domain's row says "Other").
    var other: String { self.choose(english: "Other", korean: "기타") }

    var sharesMayExceed100: String {
        self.choose(
            english: "Several answers allowed: shares can add up to more than 100%",
            korean: "복수 응답 가능: 비율의 합이 100%를 넘을 수 있습니다")
    }

    /// `reason` is the domain's (English) explanation; Korean says the same without its number.
    func hidden(reason: String?) -> String {
        self.choose(
            english: "Hidden: \(reason ?? "too few people answered this anonymous question")",
            korean: "숨김: 익명 질문에 답한 사람이 너무 적습니다")
    }

    func newestAnswersWords(_ count: Int) -> String {
        self.choose(
            english: "Most frequent words in the newest \(DisplayText.count(count, "answer", "answers"))",
            korean: "최근 답변 \(count)개에서 가장 많이 나온 단어")
    }

    var noWords: String { self.choose(english: "No words to show yet", korean: "아직 보여 줄 단어가 없습니다") }

    /// Leads the description's word list.
    var mostFrequentWords: String { self.choose(english: "Most frequent words:", korean: "가장 많이 나온 단어:") }
}
