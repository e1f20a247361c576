import Foundation
import Hummingbird

/// `GET /openapi.yaml`: the OpenAPI 3.1 document that describes every route.
struct OpenAPIController {
    /// Read once: the document ships inside the binary's resource bundle.
    static let document: Data? = Bundle.module.url(forResource: "openapi", withExtension: "yaml")
        .flatMap { try? Data(contentsOf: $0) }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("openapi.yaml") { _, _ -> Response in
            guard let document = Self.document else {
                throw APIError(.internalServerError, code: "internal_error", detail: "internal error")
            }
            return Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: document)))
        }
    }
}
