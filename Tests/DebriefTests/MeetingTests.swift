import Foundation
import Testing
import Debrief

@Suite("Meetings")
struct MeetingTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var hourLater: Date { start.addingTimeInterval(3600) }

    @Test("A valid meeting is normalized: trimmed title, blank place becomes nil")
    func valid() throws {
        let details = try MeetingInput(title: "  Sprint review ", startsAt: start, endsAt: hourLater, place: "  ", expectedHeadCount: 12)
            .validate().get()
        #expect(details == MeetingDetails(title: "Sprint review", startsAt: start, endsAt: hourLater, place: nil, expectedHeadCount: 12))
        #expect(details.duration == 3600)
    }

    @Test("Missing fields are all reported")
    func missing() {
        #expect(problems(MeetingInput().validate()) == [
            P("title", "is required"), P("startsAt", "is required"), P("endsAt", "is required"),
        ])
    }

    @Test("endsAt must be after startsAt and at most 7 days later")
    func dateOrder() {
        #expect(problems(MeetingInput(title: "T", startsAt: start, endsAt: start).validate())
            == [P("endsAt", "must be after startsAt")])
        #expect(problems(MeetingInput(title: "T", startsAt: hourLater, endsAt: start).validate())
            == [P("endsAt", "must be after startsAt")])
        let week: TimeInterval = 7 * 24 * 3600
        #expect(problems(MeetingInput(title: "T", startsAt: start, endsAt: start.addingTimeInterval(week)).validate()) == [])
        #expect(problems(MeetingInput(title: "T", startsAt: start, endsAt: start.addingTimeInterval(week + 1)).validate())
            == [P("endsAt", "must be at most 7 days after startsAt")])
    }

    @Test("Place and head count limits")
    func limits() {
        let base = MeetingInput(title: "T", startsAt: start, endsAt: hourLater)
        var input = base
        input.place = repeated("p", 201)
        input.expectedHeadCount = 0
        #expect(problems(input.validate()) == [
            P("place", "must be at most 200 characters"), P("expectedHeadCount", "must be between 1 and 100000"),
        ])
        input.place = repeated("p", 200)
        input.expectedHeadCount = 100_001
        #expect(problems(input.validate()) == [P("expectedHeadCount", "must be between 1 and 100000")])
        input.expectedHeadCount = 100_000
        #expect(problems(input.validate()) == [])
    }

    @Test("Patch JSON distinguishes an absent key from null")
    func patchDecoding() throws {
        let decoder = JSONDecoder()
        let empty = try decoder.decode(MeetingPatchInput.self, from: Data("{}".utf8))
        #expect(empty == MeetingPatchInput())
        let cleared = try decoder.decode(MeetingPatchInput.self, from: Data(#"{"place":null,"expectedHeadCount":40,"title":null}"#.utf8))
        #expect(cleared.place == .clear)
        #expect(cleared.expectedHeadCount == .set(40))
        #expect(cleared.title == nil)
    }

    @Test("Applying a patch re-validates the whole meeting")
    func applying() throws {
        let details = MeetingDetails(title: "Retro", startsAt: start, endsAt: hourLater, place: "Room 4", expectedHeadCount: 8)
        let unchanged = try details.applying(MeetingPatchInput()).get()
        #expect(unchanged == details)
        let cleared = try details.applying(MeetingPatchInput(title: " Retro 2 ", place: .clear, expectedHeadCount: .set(9))).get()
        #expect(cleared == MeetingDetails(title: "Retro 2", startsAt: start, endsAt: hourLater, place: nil, expectedHeadCount: 9))
        // Moving only the end before the existing start is caught.
        #expect(problems(details.applying(MeetingPatchInput(endsAt: start.addingTimeInterval(-60))))
            == [P("endsAt", "must be after startsAt")])
        #expect(problems(details.applying(MeetingPatchInput(place: .set("x\u{7}"))))
            == [P("place", "must not contain control characters")])
    }
}
