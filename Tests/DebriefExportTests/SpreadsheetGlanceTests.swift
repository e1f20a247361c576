import Debrief
import DebriefTestSupport
import Foundation
import Testing

@testable import DebriefExport
@testable import DebriefStore

/// Issue 48, "spreadsheets people can read": columns wide enough for their cells, one look for
/// booleans, file names that say the encoding, and the trends layout's "Other" row named.
@Suite("Spreadsheets people can read")
struct SpreadsheetGlanceTests {
    @Test("Each column is as wide as its widest cell, a date's included")
    func columnWidths() async throws {
        let workbook = XLSXWorkbook(directory: NSTemporaryDirectory(), maxBytes: nil)
        let sheet = try await workbook.addSheet(named: "responses")
        sheet.setTextColumns([1])
        let csv = "n,text,submitted_at,flag\n3,회의 시간이 너무 길어요,2026-12-01 19:31:12,true\n"
            + "4,\(String(repeating: "long ", count: 40)),2026-12-02 08:00:00.125,false\n"
        try await sheet.feed(Array(csv.utf8))
        try await sheet.finish()
        let head = String(decoding: sheet.head, as: UTF8.self)
        // "n" and "flag" keep the default width; 12 Hangul are 24 wide; the long text stops at 60;
        // a date takes its 19-character format (LibreOffice printed `###` in the default 8.43).
        #expect(head.contains(
            "<cols><col min=\"1\" max=\"1\" width=\"8.43\" customWidth=\"1\"/><col min=\"2\" max=\"2\" width=\"60\" customWidth=\"1\"/>"
                + "<col min=\"3\" max=\"3\" width=\"21\" customWidth=\"1\"/><col min=\"4\" max=\"4\" width=\"8.43\" customWidth=\"1\"/></cols><sheetData>"),
            "\(head)")
        var bytes: [UInt8] = []
        try await workbook.write { bytes += $0 }
        let read = try #require(try await XLSXParser.sheets(Data(bytes)).first?.sheet)
        #expect(read.rows.count == 3 && read.types[1] == ["n", "s", "d", "b"])
    }

    @Test("Every boolean has the one boolean style")
    func booleanStyle() {
        #expect(XLSXCell.xml("true", reference: "A2", isText: false) == "<c r=\"A2\" t=\"b\" s=\"3\"><v>1</v></c>")
        #expect(XLSXCell.xml("false", reference: "B9", isText: false) == "<c r=\"B9\" t=\"b\" s=\"3\"><v>0</v></c>")
        #expect(XLSXParts.styles.contains("<cellXfs count=\"5\">"))
        #expect(XLSXParts.styles.contains("<alignment horizontal=\"center\"/></xf>"))
    }

    @Test("A day written YYYY-MM-DD in a typed column is a date cell without a time")
    func dayStyle() {
        #expect(XLSXCell.xml("2026-12-04", reference: "C2", isText: false) == "<c r=\"C2\" s=\"4\"><v>46360</v></c>")
        #expect(XLSXCell.xml("2026-12-04", reference: "C2", isText: true).contains("inlineStr"), "a text column keeps its text")
        #expect(XLSXCell.xml("2026-02-30", reference: "C2", isText: false).contains("inlineStr"), "not a day")
        #expect(XLSXParts.styles.contains("<xf numFmtId=\"165\""))
    }

    @Test("A CSV's file name says its encoding (and a separator other than the comma)")
    func fileNameEncoding() {
        let meeting = ExportTarget.meeting(UUID())
        #expect(ExportRequest(target: meeting, layout: .summary(.all)).fileNameSuffix == "-summary-utf8.csv")
        #expect(ExportRequest(target: meeting, layout: .responses(.all), csv: CSVOptions(byteOrderMark: true)).fileNameSuffix
            == "-responses-utf8-bom.csv")
        #expect(ExportRequest(target: meeting, layout: .trends, csv: CSVOptions(delimiter: .semicolon)).fileNameSuffix
            == "-trends-semicolon-utf8.csv")
        #expect(ExportRequest(target: meeting, layout: .trends, format: .xlsx).fileNameSuffix == ".xlsx")
        let seoul = TimeZone(identifier: "Asia/Seoul") ?? .current
        let name = ExportFileName(
            title: "Weekly sync", series: true, date: Date(timeIntervalSince1970: 1_795_996_800), zone: seoul, suffix: "-summary-utf8.csv")
        #expect(name.unicode == "debrief-weekly-sync-series-2026-11-30-summary-utf8.csv")
    }

    @Test("The trends layout names the participants' own answers' row: Other")
    func trendsOtherRow() throws {
        let question = Question(
            key: QuestionKey(rawValue: "topic")!, prompt: "Best topic?",
            body: .choice(ChoiceSpec(options: [ChoiceOption(id: "roadmap", label: "Roadmap")], allowsOther: true)))
        var counts = QuestionCounts()
        counts.respondents = 4
        counts.optionCounts = ["roadmap": 3]
        counts.otherCount = 1
        let sessions = (1...2).map { number in
            SessionCounts(
                sessionNumber: number, meetingID: UUID(), startsAt: Date(timeIntervalSince1970: 1_795_996_800 + Double(number) * 604_800),
                form: FormDefinition(title: "Retro", questions: [question]), responses: 4, checkedIn: 0, questions: ["topic": counts])
        }
        let report = TrendsReport(seriesID: UUID(), sessions: sessions)
        let columns = TrendsLayout.columns(report, zone: TimeZone(identifier: "UTC") ?? .current, zoneName: "UTC")
        let ids = columns[18], labels = columns[19]
        #expect(ids == ["roadmap", "other", "roadmap", "other"])
        #expect(labels == ["Roadmap", "Other", "Roadmap", "Other"])
    }
}
