import DebriefTestSupport
import Foundation
import Testing

@testable import DebriefExport
@testable import DebriefStore

/// The pieces of the .xlsx export that need no database: reading COPY's CSV back, typing cells,
/// the package, file names and the trends layout's rounding.
@Suite("xlsx writer")
struct XLSXWriterTests {
    @Test func csvIsReadBackWhateverTheChunks() {
        let csv = "a,\"b, \"\"c\"\"\",\n\"line\none\",,x\r\n\"\",z,\n"
        for chunkSize in [1, 2, 5, 1000] {
            var reader = CSVRowReader()
            var rows: [[String]] = []
            let bytes = Array(csv.utf8)
            for start in stride(from: 0, to: bytes.count, by: chunkSize) {
                reader.feed(Array(bytes[start..<min(bytes.count, start + chunkSize)])) { rows.append($0) }
            }
            reader.finish { rows.append($0) }
            #expect(rows == [["a", "b, \"c\"", ""], ["line\none", "", "x"], ["", "z", ""]], "chunks of \(chunkSize)")
        }
    }

    @Test func cellsAreTypedByValueOutsideTextColumns() {
        #expect(XLSXCell.xml("47.1", reference: "A2", isText: false) == "<c r=\"A2\"><v>47.1</v></c>")
        #expect(XLSXCell.xml("-3", reference: "A2", isText: false) == "<c r=\"A2\"><v>-3</v></c>")
        #expect(XLSXCell.xml("true", reference: "B2", isText: false) == "<c r=\"B2\" t=\"b\" s=\"3\"><v>1</v></c>")
        #expect(XLSXCell.xml("withheld", reference: "C2", isText: false).contains("t=\"inlineStr\""))
        // User text stays text, whatever it looks like.
        #expect(XLSXCell.xml("0042", reference: "D2", isText: true).contains("<t xml:space=\"preserve\">0042</t>"))
        #expect(XLSXCell.xml("12", reference: "D2", isText: true).contains("inlineStr"))
        // A formula-like text is an inline string: never an <f>, never evaluated.
        let formula = XLSXCell.xml("=cmd|' /C calc'!A0", reference: "E2", isText: true)
        #expect(formula.contains("inlineStr") && !formula.contains("<f>"))
        #expect(XLSXCell.xml("", reference: "F2", isText: false) == "")
        for text in ["1e-05", "0", "12.50"] { #expect(XLSXCell.isNumber(text), "\(text)") }
        for text in ["", "-", "1.", ".5", "1e", "12a", "1,5", "NaN", "+1"] { #expect(!XLSXCell.isNumber(text), "\(text)") }
    }

    @Test func timestampsBecomeDateSerials() throws {
        let local = try #require(XLSXCell.serial("2026-12-01 19:31:12"))
        #expect(abs(local - 46_357.813_333_333) < 1e-9)
        let utc = try #require(XLSXCell.serial("2026-12-01T19:31:12.500Z"))
        #expect(abs(utc - (46_357.813_333_333 + 0.5 / 86_400)) < 1e-9)
        #expect(XLSXCell.xml("2026-12-01 19:31:12", reference: "A2", isText: false).contains("s=\"1\""))
        for text in ["2026-02-30 10:00:00", "2026-12-01 25:00:00", "2026-12-01", "2026-12-01 19:31:12+09:00"] {
            #expect(XLSXCell.serial(text) == nil, "\(text)")
        }
    }

    @Test func textIsEscapedAndControlsReplaced() {
        // Controls XML cannot carry become U+FFFD (visible, not silently gone); tab and newline
        // are character references, which a reader turns back into the same characters.
        #expect(XLSXCell.escaped("a<b>&\"c\"'\u{1}\u{8}\td\n회의 👍🏽") == "a&lt;b&gt;&amp;&quot;c&quot;&apos;\u{FFFD}\u{FFFD}&#9;d&#10;회의 👍🏽")
        #expect(XLSXCell.escaped(String(repeating: "x", count: 40_000)).count == XLSXCell.maxTextLength)
        #expect(XLSXCell.column(0) == "A" && XLSXCell.column(25) == "Z" && XLSXCell.column(26) == "AA" && XLSXCell.column(701) == "ZZ")
    }

    @Test func aWorkbookReadsBackSheetBySheet() async throws {
        let workbook = XLSXWorkbook(directory: NSTemporaryDirectory(), maxBytes: nil)
        let sheet = try await workbook.addSheet(named: "responses")
        sheet.setTextColumns([1])
        let csv = "n,text,at,flag\n3.5,=cmd,2026-12-01 19:31:12,true\n7,\"회의, 좋았어요\",,withheld\n"
        try await sheet.feed(Array(csv.utf8))
        try await sheet.finish()
        var bytes: [UInt8] = []
        try await workbook.write { bytes += $0 }
        let sheets = try await XLSXParser.sheets(Data(bytes))
        #expect(sheets.map(\.name) == ["responses"])
        let read = try #require(sheets.first?.sheet)
        #expect(read.rows == [["n", "text", "at", "flag"], ["3.5", "=cmd", read.rows[1][2], "true"], ["7", "회의, 좋았어요", "", "withheld"]])
        #expect(read.types[1] == ["n", "s", "d", "b"])
    }

    @Test func theSheetsAreBounded() async throws {
        let workbook = XLSXWorkbook(directory: NSTemporaryDirectory(), maxBytes: 4096)
        let sheet = try await workbook.addSheet(named: "responses")
        await #expect(throws: XLSXWorkbook.TooLarge.self) {
            for _ in 0..<200 { try await sheet.feed(Array(String(repeating: "x,", count: 500).utf8) + [10]) }
            try await sheet.finish()
        }
    }

    @Test func fileNamesSayTitleAndDate() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let evening = try #require(ISO8601DateFormatter().date(from: "2026-12-01T20:00:00Z"))
        let name = ExportFileName(title: "주간 회고: Retro/1 \"Q4\"", series: false, date: evening, zone: seoul, suffix: "-responses.csv")
        // The date is the host's (already the 2nd in Seoul); Korean is kept, unsafe characters go.
        #expect(name.unicode == "debrief-주간-회고-retro-1-q4-2026-12-02-responses.csv")
        #expect(name.ascii == "debrief-retro-1-q4-2026-12-02-responses.csv")
        let korean = ExportFileName(title: "회의", series: true, date: evening, zone: seoul, suffix: ".xlsx")
        #expect(korean.ascii == "debrief-meeting-series-2026-12-02.xlsx")
        #expect(ExportFileName.slug(String(repeating: "a", count: 100), asciiOnly: false).count == ExportFileName.maxSlugLength)
    }

    @Test func trendsAreRoundedAsThePagesRound() {
        #expect(TrendsLayout.rounded(3.8823529411764706) == "3.9")
        #expect(TrendsLayout.rounded(47.05882352941177) == "47.1")
        #expect(TrendsLayout.rounded(40) == "40")
        #expect(["o10", "other", "o2", "o1"].sorted(by: TrendsLayout.naturalOrder) == ["o1", "o2", "o10", "other"])
    }
}
