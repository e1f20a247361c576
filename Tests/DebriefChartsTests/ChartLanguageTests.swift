import Debrief
@testable import DebriefCharts
import Foundation
import Testing

@Suite("Charts in Korean")
struct LanguageTests {
    static let korean = ChartStyle(language: .ko)
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt

    static func choice(allowsMultiple: Bool = false) -> Question {
        Fixtures.choice(prompt: "가장 좋았던 주제는?", options: [("roadmap", "로드맵"), ("hiring", "채용")], allowsMultiple: allowsMultiple)
    }

    static func rating(prompt: String = "얼마나 유용했나요?") -> Question {
        Fixtures.rating(prompt: prompt)
    }

    static func timeline(days: Double = 0) -> ChartSeries {
        let start = Fixtures.start
        return Timeline.series(
            from: start, to: start.addingTimeInterval(9 * 60 + days * 86_400),
            perMinute: [(start, 2), (start.addingTimeInterval(180), 5), (start.addingTimeInterval(540), 1)])
    }

    static func sessions() -> [SessionCounts] {
        let question = Self.rating()
        return [
            Fixtures.session(1, question, ratings: [3: 4], responses: 4, checkedIn: 5),
            Fixtures.session(2, question, ratings: [5: 3, 4: 1], responses: 4, checkedIn: 4),
        ]
    }

    /// One chart of every kind and state, in Korean, with Korean user text.
    static func charts() throws -> [(name: String, svg: ParsedSVG)] {
        // A 1–5 rating trends as its mean (a 0–10 one as its NPS, GlanceChartTests).
        let changed = [
            Fixtures.session(1, Fixtures.rating(prompt: "유용했나요?", min: 1, max: 5), ratings: [3: 4], responses: 4),
            Fixtures.session(2, Fixtures.rating(prompt: "얼마나 유용했나요?", min: 1, max: 5), ratings: [4: 4], responses: 4),
        ]
        let choiceTrend = [1, 2].map { Fixtures.session($0, Self.choice(), ratings: [:], responses: 3) }
        let charts: [(String, String)] = [
            ("choice", ChartSVG.question(
                Fixtures.result(Self.choice(allowsMultiple: true), respondents: 5, options: ["roadmap": 4, "hiring": 3], other: 1),
                style: Self.korean)),
            ("rating", ChartSVG.question(Fixtures.result(Self.rating(), respondents: 10, ratings: [7: 4, 8: 6]), style: Self.korean)),
            ("words", ChartSVG.question(
                Fixtures.result(Fixtures.shortAnswer(prompt: "더 하실 말씀은?"), respondents: 3, texts: ["로드맵 좋았어요", "로드맵 최고", "시간이 짧았어요"]),
                style: Self.korean)),
            ("no words", ChartSVG.question(
                Fixtures.result(Fixtures.shortAnswer(prompt: "더 하실 말씀은?"), respondents: 3, texts: ["the", "and", "of"]), style: Self.korean)),
            ("withheld", ChartSVG.question(Fixtures.result(Self.choice(), respondents: 2, options: ["roadmap": 2]), style: Self.korean)),
            ("empty", ChartSVG.question(Fixtures.result(Self.rating(), responses: 0), style: Self.korean)),
            ("timeline", ChartSVG.timeline(Self.timeline(), style: ChartStyle(timeZone: Self.seoul, language: .ko))),
            ("timeline over days", ChartSVG.timeline(Self.timeline(days: 2), style: ChartStyle(timeZone: Self.seoul, language: .ko))),
            ("empty timeline", ChartSVG.timeline(Timeline.series(from: Fixtures.start, to: Fixtures.start, perMinute: []), style: Self.korean)),
            ("attendance", ChartSVG.attendance(AttendanceFigures(responses: 9, checkedIn: 12, checkedInResponded: 9, expectedHeadCount: 15), style: Self.korean)),
            ("no attendance", ChartSVG.attendance(AttendanceFigures(responses: 0, checkedIn: 0, expectedHeadCount: nil), style: Self.korean)),
            ("rating trend", ChartSVG.trend(try #require(TrendBuilder.trends(changed).first), style: Self.korean)),
            ("choice trend", ChartSVG.trend(try #require(TrendBuilder.trends(choiceTrend).first), style: Self.korean)),
            ("sessions", ChartSVG.sessions(TrendsReport(seriesID: UUID(), sessions: Self.sessions()).sessions, style: Self.korean)),
            ("no sessions", ChartSVG.sessions([], style: Self.korean)),
        ]
        return try charts.map { ($0.0, try ParsedSVG($0.1)) }
    }

    @Test("No chart says a word of English in Korean: every shown text, tooltip and description is Korean")
    func noEnglishWords() throws {
        for (name, svg) in try Self.charts() {
            // All text of the document: shown text, tooltips, <title> and <desc>. Left in Latin
            // letters: NPS and the time zone's name, which have no Korean form.
            let text = (svg.root.stringValue ?? "").replacingOccurrences(of: "NPS", with: "")
                .replacingOccurrences(of: Self.seoul.identifier, with: "").replacingOccurrences(of: "UTC", with: "")
            let latin = text.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }
            #expect(latin.isEmpty, "\(name): \(text)")
            #expect(text.unicodeScalars.contains { TextMetrics.isWide($0) }, "\(name) has Korean text")
        }
    }

    @Test("A rating chart in Korean: counts with their counters, the mean, and a Korean description")
    func rating() throws {
        let svg = try ParsedSVG(ChartSVG.question(Fixtures.result(Self.rating(), respondents: 10, ratings: [7: 4, 8: 6]), style: Self.korean))
        #expect(svg.texts(class: "subtitle").first?.hasPrefix("응답자 10명 · 건너뜀 0명 · 평균 7.6 · 중앙값 8 · NPS") == true)
        #expect(svg.texts(class: "marker-label") == ["평균 7.6"])
        #expect(svg.desc?.hasPrefix("평점 질문. 응답자 10명, 건너뜀 0명. 평균 7.6. 0: 답변 0개.") == true)
        #expect(svg.desc?.contains("8: 답변 6개.") == true)
    }

    @Test("A choice chart in Korean calls the participants' own answers 기타, even when a host's option is called Other")
    func choice() throws {
        let result = Fixtures.result(Self.choice(allowsMultiple: true), respondents: 5, options: ["roadmap": 4, "hiring": 3], other: 1)
        let svg = try ParsedSVG(ChartSVG.question(result, style: Self.korean))
        #expect(svg.texts(class: "label") == ["로드맵", "채용", "기타"])
        #expect(svg.texts(class: "subtitle") == ["응답자 5명 · 건너뜀 0명", "복수 응답 가능: 비율의 합이 100%를 넘을 수 있습니다"])
        #expect(svg.desc?.hasPrefix("선택형 질문. 응답자 5명, 건너뜀 0명. 로드맵: 4 · 80%.") == true)

        let hostsOther = Fixtures.choice(options: [("other", "Other"), ("b", "B")], allowsOther: false)
        let labels = try ParsedSVG(ChartSVG.question(Fixtures.result(hostsOther, respondents: 3, options: ["other": 3]), style: Self.korean))
        #expect(labels.texts(class: "label") == ["Other", "B"], "the host's own label is user text")
    }

    @Test("Messages and the withheld reason are Korean")
    func messages() throws {
        let empty = try ParsedSVG(ChartSVG.question(Fixtures.result(Self.rating(), responses: 0), style: Self.korean))
        #expect(empty.texts(class: "message") == ["아직 응답이 없습니다"])
        #expect(ChartSVG.noResponsesMessage(in: .ko) == "아직 응답이 없습니다")
        #expect(ChartSVG.noResponsesMessage() == "No responses yet")
        let withheld = try ParsedSVG(ChartSVG.question(Fixtures.result(Self.choice(), respondents: 2, options: ["roadmap": 2]), style: Self.korean))
        #expect(withheld.texts(class: "message") == ["숨김: 익명 질문에 답한 사람이 너무 적습니다"])
    }

    @Test("The timeline in Korean names its bucket and dates in Korean; times stay 24-hour")
    func timeline() throws {
        let svg = try ParsedSVG(ChartSVG.timeline(Self.timeline(), style: ChartStyle(timeZone: Self.seoul, language: .ko)))
        #expect(svg.title == "시간대별 응답")
        #expect(svg.texts(class: "subtitle") == ["응답 8건 · 분당 응답 수 · 2026년 12월 1일 · Asia/Seoul 기준 시각"])
        #expect(svg.texts(class: "label").first == "17:00")
        #expect(svg.desc == "응답 8건, 분당 응답 수. 17:00부터 17:09까지, 가장 많았던 때는 17:03 (5건).")
        let days = try ParsedSVG(ChartSVG.timeline(Self.timeline(days: 2), style: ChartStyle(timeZone: Self.seoul, language: .ko)))
        #expect(days.texts(class: "label").first == "12월 1일 17:00")
    }

    @Test("Every timeline bucket width has a Korean name", arguments: [
        (9 * 60, "분당 응답 수"), (12 * 3_600, "5분당 응답 수"), (2 * 86_400, "15분당 응답 수"), (7 * 86_400, "시간당 응답 수"),
        (30 * 86_400, "6시간당 응답 수"), (200 * 86_400, "일별 응답 수"), (3 * 365 * 86_400, "주별 응답 수"),
    ] as [(TimeInterval, String)])
    func timelineUnits(span: TimeInterval, unit: String) {
        let series = Timeline.series(from: Fixtures.start, to: Fixtures.start.addingTimeInterval(span), perMinute: [])
        #expect(ChartStrings(.ko).timelineUnit(series.unit) == unit, "\(series.unit)")
        #expect(ChartStrings(.en).timelineUnit(series.unit) == series.unit)
    }

    @Test("Attendance, trends and sessions in Korean")
    func seriesCharts() throws {
        let attendance = try ParsedSVG(ChartSVG.attendance(AttendanceFigures(responses: 9, checkedIn: 12, checkedInResponded: 9, expectedHeadCount: 15), style: Self.korean))
        #expect(attendance.title == "출석과 응답률")
        #expect(attendance.texts(class: "label") == ["예상", "출석", "응답"])
        #expect(attendance.texts(class: "subtitle") == ["응답률: 출석 인원 대비 75% · 예상 인원 대비 60%"])
        #expect(attendance.desc == "예상: 15. 출석: 12. 응답: 9. 응답률: 출석 인원 대비 75% · 예상 인원 대비 60%.")

        // A 1–5 rating trends as its mean (a 0–10 one as its NPS, GlanceChartTests).
        let changed = [
            Fixtures.session(1, Fixtures.rating(prompt: "유용했나요?", min: 1, max: 5), ratings: [3: 4], responses: 4),
            Fixtures.session(2, Fixtures.rating(prompt: "얼마나 유용했나요?", min: 1, max: 5), ratings: [4: 4], responses: 4),
        ]
        let trend = try ParsedSVG(ChartSVG.trend(try #require(TrendBuilder.trends(changed).first), style: Self.korean))
        #expect(trend.texts(class: "label") == ["1회차", "2회차"])
        #expect(trend.texts(class: "subtitle") == ["회차별 평균 평점과 95% 신뢰구간"])
        #expect(trend.texts(class: "break-label") == ["질문 변경"])
        #expect(trend.desc?.contains("1회차: 3. 2회차: 4. 2회차부터 질문이 바뀌어") == true)

        let sessions = try ParsedSVG(ChartSVG.sessions(TrendsReport(seriesID: UUID(), sessions: Self.sessions()).sessions, style: Self.korean))
        #expect(sessions.title == "회차별 응답 수")
        #expect(sessions.texts(class: "label") == ["1회차", "2회차"])
        #expect(sessions.texts(class: "subtitle") == ["2개 회차 · 응답 8건"])
        #expect(sessions.desc == "1회차: 응답 4건, 출석 5명. 2회차: 응답 4건, 출석 4명.")
    }

    @Test("Hangul and CJK are estimated full-width, twice an average Latin letter or more")
    func hangulWidths() {
        for text in ["응답자", "ㄱㄴㄷ", "回答者", "アイウ", "가나다"] {
            #expect(abs(TextMetrics.width(of: text, fontSize: 20) - 3 * 1.05 * 20) < 0.001, "\(text)")
        }
        // Conjoining jamo (decomposed Hangul, as some keyboards and macOS file names send it)
        // are drawn as one syllable block: one full width, however many jamo.
        for syllable in ["\u{1112}\u{1161}\u{11AB}", "\u{A960}\u{1161}", "\u{1100}\u{D7B0}", "\u{1100}"] {
            #expect(abs(TextMetrics.width(of: syllable, fontSize: 20) - 1.05 * 20) < 0.001, "\(syllable.unicodeScalars.map(\.value))")
        }
        #expect(TextMetrics.width(of: "가", fontSize: 20) > 1.8 * TextMetrics.width(of: "a", fontSize: 20))
        #expect(TextMetrics.width(of: "ｱ", fontSize: 20) < TextMetrics.width(of: "ア", fontSize: 20), "half-width kana is narrow")
        let lines = TextMetrics.wrap(String(repeating: "아직 응답이 없습니다 ", count: 6), fontSize: 20, maxWidth: 200, maxLines: 10)
        #expect(lines.count > 3)
        #expect(lines.allSatisfy { TextMetrics.width(of: $0, fontSize: 20) <= 200 })
        #expect(lines.joined(separator: " ") == String(repeating: "아직 응답이 없습니다 ", count: 6).trimmingTrailingSpaces())
    }
}
