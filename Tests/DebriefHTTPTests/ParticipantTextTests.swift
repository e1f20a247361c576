@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

@Suite("Participants: Korean and emoji text")
struct ParticipantTextTests {
    /// NFC text (precomposed Hangul), emoji with skin tone and ZWJ sequences, a tab and a newline.
    static let notes = "회의가 정말 유익했어요 👍🏽\n다음엔 👨‍👩‍👧‍👦 가족 얘기도\t— “quotes” \\ back\\slash"
    static let other = "기타: 예산 🎉🇰🇷"

    @Test func answersAreKeptByteForByte() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let reply = try await api.submit(
                form.code,
                [
                    "answers": [
                        ["questionKey": "useful", "rating": 5],
                        ["questionKey": "topic", "optionIds": ["hiring"], "otherText": Self.other],
                        ["questionKey": "notes", "text": Self.notes],
                    ],
                ])
            #expect(reply.status == .created, "\(reply.text)")
            let answers = try #require(reply.json?["answers"] as? [[String: Any]])
            #expect(answers[1]["otherText"] as? String == Self.other)
            #expect(answers[2]["text"] as? String == Self.notes)
            // The raw reply carries the characters themselves, as UTF-8.
            #expect(reply.text.contains("👨‍👩‍👧‍👦"))

            let rows = try await database.query(
                """
                SELECT other_text, text_value, octet_length(coalesce(other_text, text_value)) AS bytes
                FROM answers WHERE other_text IS NOT NULL OR text_value IS NOT NULL ORDER BY question_key
                """)
            #expect(rows.count == 2)
            #expect(try rows[0].decode("text_value", as: String?.self) == Self.notes)
            #expect(try rows[0].decode("bytes", as: Int.self) == Self.notes.utf8.count)
            #expect(try rows[1].decode("other_text", as: String?.self) == Self.other)
            #expect(try rows[1].decode("bytes", as: Int.self) == Self.other.utf8.count)
            #expect(Array(try rows[0].decode("text_value", as: String.self).utf8) == Array(Self.notes.utf8))
        }
    }

    @Test func decomposedTextIsStoredAsNFC() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            // "한" as conjoining jamo (U+1112 U+1161 U+11AB) becomes the precomposed syllable U+D55C.
            let decomposed = "\u{1112}\u{1161}\u{11AB}국어"
            let reply = try await api.submit(
                form.code, ["answers": [["questionKey": "useful", "rating": 1], ["questionKey": "notes", "text": decomposed]]])
            #expect(reply.status == .created)
            let stored = try #require(try await database.query("SELECT text_value FROM answers WHERE text_value IS NOT NULL").first)
                .decode("text_value", as: String.self)
            #expect(Array(stored.unicodeScalars) == Array("한국어".unicodeScalars))
        }
    }

    @Test func koreanNamesMatchTheRoster() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let member = try await api.send(.post, "/v1/series/\(form.seriesID)/roster", token: form.hostToken, json: ["name": "김민수"])
            #expect(member.status == .created)
            _ = try await api.checkIn(form.code, name: " 김민수 ")
            let attendance = try await api.send(.get, "/v1/meetings/\(form.meetingID)/attendance", token: form.hostToken)
            let checkIns = try #require(attendance.json?["checkIns"] as? [[String: Any]])
            #expect(checkIns.first?["name"] as? String == "김민수")
            #expect(checkIns.first?["rosterMemberId"] as? String == member.string("id"))
        }
    }
}
