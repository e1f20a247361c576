import Debrief
import DebriefActions
import DebriefStore
import Foundation
import Hummingbird

/// The host's side of participation: who came to a meeting, and whom a series expects.
/// Behind ``AuthMiddleware``; another host's meeting or series is 404.
struct AttendanceController {
    let attendance: AttendanceActions

    /// `POST /v1/series/{id}/roster` and `PATCH …/roster/{memberId}` body.
    struct RosterMemberInput: Decodable {
        var name: String?
    }

    /// `POST /v1/series/{id}/roster/list` body: the list as pasted, one member per line.
    struct RosterListInput: Decodable {
        var text: String?
    }

    /// `POST /v1/meetings/{id}/attendance` body.
    struct MarkPresentInput: Decodable {
        var rosterMemberID: String?

        enum CodingKeys: String, CodingKey {
            case rosterMemberID = "rosterMemberId"
        }
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("meetings/:id/attendance") { request, context -> ParticipantAttendanceResponse in
            let id = try context.requireID("id", "meeting")
            let viewer = try context.requireViewer()
            // Who may touch the meeting is settled before what the body says.
            _ = try await self.attendance.attendance(meeting: id, visibleTo: viewer)
            let input = try await request.decodeJSON(as: MarkPresentInput.self, context: context)
            guard let member = input.rosterMemberID.flatMap(UUID.init(uuidString:)) else {
                throw ValidationFailure(problems: [FieldProblem("rosterMemberId", input.rosterMemberID == nil ? "is required" : "must be a UUID")])
            }
            try await self.attendance.markPresent(meeting: id, member: member, by: viewer)
            return ParticipantAttendanceResponse(try await self.attendance.attendance(meeting: id, visibleTo: viewer))
        }
        group.delete("meetings/:id/attendance/:checkInId") { _, context -> Response in
            let id = try context.requireID("id", "meeting")
            let checkIn = try context.requireID("checkInId", "check-in")
            try await self.attendance.removeCheckIn(checkIn, meeting: id, by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.get("meetings/:id/attendance") { _, context -> ParticipantAttendanceResponse in
            let id = try context.requireID("id", "meeting")
            return ParticipantAttendanceResponse(
                try await self.attendance.attendance(meeting: id, visibleTo: try context.requireViewer()))
        }
        // A possible duplicate check-in (SQL/0007): another person, or the same one again.
        for (action, samePerson) in [("confirm", false), ("merge", true)] {
            group.post("meetings/:id/attendance/check-ins/:checkInId/\(action)") { _, context -> Response in
                let id = try context.requireID("id", "meeting")
                let checkIn = try context.requireID("checkInId", "check-in")
                try await self.attendance.resolveDuplicate(
                    meeting: id, checkIn: checkIn, samePerson: samePerson, by: try context.requireViewer())
                return Response(status: .noContent)
            }
        }
        group.get("series/:id/roster") { _, context -> ParticipantRosterResponse in
            let id = try context.requireID("id", "series")
            let members = try await self.attendance.roster(series: id, visibleTo: try context.requireViewer())
            return ParticipantRosterResponse(items: members.map(RosterMemberResponse.init))
        }
        group.post("series/:id/roster") { request, context -> EditedResponse<RosterMemberResponse> in
            let id = try context.requireID("id", "series")
            let viewer = try context.requireViewer()
            let name = try await Self.name(request, context)
            let member = try await self.attendance.addMember(series: id, by: viewer, rawName: name)
            return EditedResponse(status: .created, response: RosterMemberResponse(member))
        }
        // A pasted list (issue 68 a, ``RosterPaste``): all or nothing, a 422 naming each bad line.
        group.post("series/:id/roster/list") { request, context -> EditedResponse<ParticipantRosterResponse> in
            var request = request
            let id = try context.requireID("id", "series")
            let viewer = try context.requireViewer()
            // The list's own cap and room for the JSON around it, before anything is parsed.
            request.body = RequestBody(buffer: try await request.readBody(upTo: context.bodyLimit(atMost: RosterPaste.maxBytes * 2)))
            let text = try await request.decodeJSON(as: RosterListInput.self, context: context).text
            let added = try await self.attendance.addMembers(series: id, by: viewer, list: text)
            return EditedResponse(status: .created, response: ParticipantRosterResponse(items: added.map(RosterMemberResponse.init)))
        }
        group.patch("series/:id/roster/:memberId") { request, context -> RosterMemberResponse in
            let id = try context.requireID("id", "series")
            let memberID = try context.requireID("memberId", "roster member")
            let viewer = try context.requireViewer()
            let name = try await Self.name(request, context)
            return RosterMemberResponse(try await self.attendance.renameMember(series: id, member: memberID, by: viewer, rawName: name))
        }
        group.delete("series/:id/roster/:memberId") { _, context -> Response in
            let id = try context.requireID("id", "series")
            let memberID = try context.requireID("memberId", "roster member")
            try await self.attendance.removeMember(series: id, member: memberID, by: try context.requireViewer())
            return Response(status: .noContent)
        }
    }

    private static func name(_ request: Request, _ context: AppRequestContext) async throws -> String? {
        try await request.decodeJSON(as: RosterMemberInput.self, context: context).name
    }
}
