import Hummingbird
import NIOCore

extension Request {
    /// The whole body, refused with 413 above `limit` bytes: whether the size was declared
    /// (`Content-Length`) or only found out while reading.
    public func readBody(upTo limit: Int) async throws -> ByteBuffer {
        if let declared = self.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw HTTPError(.contentTooLarge)
        }
        do {
            return try await self.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge)
        }
    }
}
