import Crypto
import Foundation

/// The SHA-256 of bytes as they are written, for a strong `ETag` of a spooled file (a live
/// sheet's, docs/decisions/0101-live-sheet.md): the bytes are hashed on their way into the
/// spool, so a poller whose copy is current gets a 304 with no second read of the file.
//
// `@unchecked Sendable`: one task writes a spool at a time (its chunks in order, then
// ``etag()`` once it is complete), as ``ExportSpool`` itself is used.
public final class ContentDigest: @unchecked Sendable {
    private var hasher = SHA256()

    public init() {}

    public func update(_ bytes: [UInt8]) {
        self.hasher.update(data: bytes)
    }

    /// A strong entity tag: the first 128 bits of the digest, quoted. Call once, at the end.
    public func etag() -> String {
        let hex = self.hasher.finalize().prefix(16).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
        return "\"\(hex)\""
    }
}
