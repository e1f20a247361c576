import Debrief
import Foundation
import Hummingbird

/// A form's definition alone, as a file: the body `PUT /v1/meetings/{id}/form` takes, without
/// the stored state (id, code, versions, times). The API's `GET …/form/definition` and the
/// builder's "Export JSON" (`/m/{id}/form/export`) both answer with it.
public struct FormDefinitionResponse: ResponseGenerator {
    var definition: FormDefinition
    var meetingID: UUID

    public init(definition: FormDefinition, meetingID: UUID) {
        self.definition = definition
        self.meetingID = meetingID
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONCoding.encoder.encode(FormInput(self.definition))
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json",
                .contentDisposition: "attachment; filename=\"form-\(self.meetingID.lowercasedText).json\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
