import Debrief

/// The words of the timeline, attendance, trend and session charts.
extension ChartStrings {
    // MARK: Timeline

    var timelineTitle: String { self.choose(english: "Responses over time", korean: "시간대별 응답") }

    /// What a timeline bucket counts. `unit` is the domain's (English) name of it, such as
    /// `responses per 5 minutes`; Korean names the bucket from its width.
    func timelineUnit(_ unit: String) -> String {
        self.choose(english: unit, korean: Self.koreanTimelineUnit(Timeline.bucketMinutes(ofUnit: unit)))
    }

    private static func koreanTimelineUnit(_ minutes: Int?) -> String {
        switch minutes {
        case nil: return "응답 수"
        case 1: return "분당 응답 수"
        case 60: return "시간당 응답 수"
        case 1440: return "일별 응답 수"
        case 10_080: return "주별 응답 수"
        case let minutes? where minutes % 1440 == 0: return "\(minutes / 1440)일당 응답 수"
        case let minutes? where minutes % 60 == 0: return "\(minutes / 60)시간당 응답 수"
        case let minutes?: return "\(minutes)분당 응답 수"
        }
    }

    func timelineSpan(from first: String, to last: String, busiest: String, count: Int) -> String {
        self.choose(
            english: "From \(first) to \(last); busiest at \(busiest) with \(count).",
            korean: "\(first)부터 \(last)까지, 가장 많았던 때는 \(busiest) (\(count)건).")
    }

    // MARK: Attendance

    var attendanceTitle: String { self.choose(english: "Attendance and response rate", korean: "출석과 응답률") }
    var expected: String { self.choose(english: "Expected", korean: "예상") }
    var checkedIn: String { self.choose(english: "Checked in", korean: "출석") }
    var responded: String { self.choose(english: "Responded", korean: "응답") }

    func rateOfCheckedIn(_ percent: String) -> String {
        self.choose(english: "\(percent) of those checked in", korean: "출석 인원 대비 \(percent)")
    }

    /// Responses with no check-in behind them, which the rate of those checked in leaves out.
    func responsesWithoutCheckIn(_ count: Int) -> String {
        self.choose(
            english: "\(DisplayText.count(count, "response", "responses")) without a check-in, not in that rate",
            korean: "출석 없이 들어온 응답 \(count)건은 이 비율에 들어가지 않음")
    }

    func rateOfExpected(_ percent: String) -> String {
        self.choose(english: "\(percent) of those expected", korean: "예상 인원 대비 \(percent)")
    }

    /// `rates` are ``rateOfCheckedIn(_:)`` and ``rateOfExpected(_:)``, whichever are known.
    func responseRate(_ rates: [String]) -> String {
        guard !rates.isEmpty else {
            return self.choose(
                english: "Response rate: no check-ins or expected head count yet", korean: "응답률: 아직 출석 인원이나 예상 인원이 없습니다")
        }
        return self.choose(english: "Response rate: ", korean: "응답률: ") + rates.joined(separator: Self.separator)
    }

    var noAttendance: String { self.choose(english: "No check-ins or responses yet", korean: "아직 출석이나 응답이 없습니다") }

    // MARK: Trends

    /// `name` is the kind's name of its mean (``QuestionKindDescriptor/meanName(_:)``).
    func meanPerSession(_ name: String?) -> String {
        let name = name ?? self.choose(english: "Mean", korean: "평균")
        return self.choose(english: "\(name) per session, with its 95% confidence interval", korean: "회차별 \(name)과 95% 신뢰구간")
    }

    var respondentsPerSession: String { self.choose(english: "Respondents per session", korean: "회차별 응답자 수") }
    var npsPerSession: String {
        self.choose(
            english: "Net Promoter Score per session (% promoters minus % detractors, −100 to 100)",
            korean: "회차별 순추천지수 NPS (추천 비율 − 비추천 비율, −100~100)")
    }

    var sharesPerSession: String {
        self.choose(english: "Percent of respondents choosing each option, per session", korean: "회차별 선택지 응답 비율")
    }

    var statementMeansPerSession: String {
        self.choose(
            english: "Mean rating of each statement per session, with its 95% confidence interval", korean: "회차별 문항 평균 평점과 95% 신뢰구간")
    }

    /// The mark of a session whose values are withheld: `withheld: fewer than 3` (nil k: withheld
    /// for another reason, such as a withheld deciding question).
    func withheldMark(below k: Int?) -> String {
        guard let k else { return self.choose(english: "withheld", korean: "숨김") }
        return self.choose(english: "withheld: fewer than \(k)", korean: "숨김: \(k)명 미만")
    }
    var questionChanged: String { self.choose(english: "question changed", korean: "질문 변경") }
    var noData: String { self.choose(english: "no data", korean: "데이터 없음") }

    func questionChanged(atSession number: Int) -> String {
        self.choose(
            english: "The question changed at session \(number); earlier sessions are not comparable.",
            korean: "\(number)회차부터 질문이 바뀌어 그 전 회차와는 비교할 수 없습니다.")
    }

    // MARK: Sessions

    var sessionsTitle: String { self.choose(english: "Responses per session", korean: "회차별 응답 수") }

    /// `3 sessions`, `3개 회차`.
    func sessions(_ count: Int) -> String {
        self.choose(english: DisplayText.count(count, "session", "sessions"), korean: "\(count)개 회차")
    }

    /// `12 checked in`, `출석 12명`.
    func checkedIn(_ count: Int) -> String {
        self.choose(english: "\(count) checked in", korean: "출석 \(count)명")
    }
}
