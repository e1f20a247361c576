import Debrief
import Foundation

/// The body of `PUT /v1/meetings/{id}/form`: a ``FormInput``, in the shape `GET …/form` returns
/// too, so that a client can GET the form, change a word and PUT it back. The members the GET
/// adds from the stored state (``FormResponse/CodingKeys``: `id`, `code`, `state`, …) are
/// `readOnly` in the OpenAPI: accepted with any value and ignored. Ignored rather than compared
/// with the stored values because the same body is also how a form is copied into another
/// meeting (its `id`, `meetingId` and `code` are the other meeting's). Any other unknown member
/// is still refused by ``KnownMembers``.
struct FormReplacement: Decodable {
    var form: FormInput

    init(from decoder: any Decoder) throws {
        self.form = try FormInput(from: decoder)
        let container = try decoder.container(keyedBy: FormResponse.CodingKeys.self)
        // Asking is what makes a member known to ``KnownMembers``; the values are not read.
        for key in FormResponse.CodingKeys.allCases { _ = container.contains(key) }
    }
}
