import Debrief
import Foundation
import Hummingbird

/// `GET /openapi.yaml`: the OpenAPI 3.1 document that describes every route.
struct OpenAPIController {
    /// Joined once from the parts in the resource bundle (`OpenAPI/openapi.yaml` and the files it
    /// refers to): clients get one self-contained document. A failure is kept, to answer 500 with.
    static let document: Result<ByteBuffer, any Error> = Result {
        guard let folder = Bundle.module.url(forResource: "OpenAPI", withExtension: nil) else {
            throw OpenAPIBundler.Failure(file: "OpenAPI", problem: "not in the resource bundle")
        }
        let text = try OpenAPIBundler.bundle(root: folder.appendingPathComponent("openapi.yaml"), kinds: Self.kinds)
        return ByteBuffer(string: text)
    }

    /// The registered question kinds, each of which keeps its schemas in `components/kinds/<kind>.yaml`.
    static let kinds = QuestionKind.allCases.map(\.rawValue)

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("openapi.yaml") { _, _ -> Response in
            guard case .success(let document) = Self.document else {
                throw APIError(.internalServerError, code: "internal_error", detail: "internal error")
            }
            return Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: .init(byteBuffer: document))
        }
    }
}
