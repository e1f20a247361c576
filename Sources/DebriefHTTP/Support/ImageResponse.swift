import Hummingbird

/// Bodies of the image routes (charts and QR codes).
enum ImageResponse {
    static func svg(_ markup: String) -> Response {
        Response(status: .ok, headers: [.contentType: "image/svg+xml"], body: .init(byteBuffer: ByteBuffer(string: markup)))
    }

    static func png(_ bytes: [UInt8]) -> Response {
        Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
