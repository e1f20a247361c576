import Debrief
import Foundation
import DebriefActions
import Hummingbird
import QRCode

/// `GET /v1/meetings/{id}/qr.svg` and `qr.png`: a QR code of the participant URL of the
/// meeting's published form, to put on a slide or a printed sheet. Host (or admin) only, like
/// the form itself.
struct QRCodeController {
    let forms: FormActions
    let publicBaseURL: String

    /// Largest and smallest image side, in pixels.
    static let sizeRange = 64...4096
    static let defaultSize = 512

    /// A participant URL and its QR code.
    struct EncodedLink {
        var url: String
        var matrix: QRMatrix
    }

    /// The image options a request chose.
    struct Options {
        var size: Int
        var quietZone: QuietZone
        var errorCorrection: ErrorCorrection
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/qr.svg") { request, context -> Response in
            let (link, options) = try await self.link(request, context)
            return ImageResponse.svg(link.matrix.svg(quietZone: options.quietZone, pixels: options.size, title: "QR code for \(link.url)"))
        }
        group.get("meetings/:id/qr.png") { request, context -> Response in
            let (link, options) = try await self.link(request, context)
            return ImageResponse.png(try link.matrix.png(maxPixels: options.size, quietZone: options.quietZone))
        }
    }

    /// The participant URL of the meeting's published form, encoded at the requested error
    /// correction, with the requested image options.
    private func link(_ request: Request, _ context: AppRequestContext) async throws -> (EncodedLink, Options) {
        let options = try Self.options(from: request)
        let id = try context.requireID("id", "meeting")
        let form = try await self.forms.published(meeting: id, visibleTo: try context.requireViewer())
        guard let formCode = form.code else { throw APIError.notFound("a published form of this meeting") }
        let url = ParticipantURL.of(code: formCode, base: self.publicBaseURL)
        return (EncodedLink(url: url, matrix: try QRMatrix(encoding: url, errorCorrection: options.errorCorrection)), options)
    }

    /// `size`, `margin` and `ecc` from the query; a 422 naming every bad one.
    static func options(from request: Request) throws -> Options {
        var query = QueryReader(request)
        let size = query.integer("size", in: Self.sizeRange, default: Self.defaultSize)
        let margin = query.integer("margin", in: QuietZone.range, default: QuietZone.standard.modules)
        let errorCorrection = query.choice("ecc", default: ErrorCorrection.medium)
        try query.requireValid()
        return Options(size: size, quietZone: QuietZone(clamping: margin), errorCorrection: errorCorrection)
    }
}
