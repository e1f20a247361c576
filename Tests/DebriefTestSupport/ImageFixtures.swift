import Foundation

/// Images made byte by byte for the upload tests (decision 92): real, decodable PNGs (stored
/// deflate blocks, correct CRCs) and the hostile corpus the upload reader must refuse. Nothing
/// is read from disk, so each case says exactly which bytes it is.
public enum ImageFixtures {
    /// A decodable PNG of `width`×`height` RGB pixels of one colour (8 bits, no interlace).
    public static func png(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8) = (0x0B, 0x57, 0xD0), textChunk: String? = nil) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + 3 * width))
        for _ in 0..<height {
            raw.append(0)  // filter: none
            for _ in 0..<width { raw += [rgb.0, rgb.1, rgb.2] }
        }
        var chunks: [(String, [UInt8])] = [("IHDR", Self.ihdr(width: width, height: height))]
        if let textChunk { chunks.append(("tEXt", Array("Comment".utf8) + [0] + Array(textChunk.utf8))) }
        chunks.append(("IDAT", Self.zlibStored(raw)))
        chunks.append(("IEND", []))
        return Self.pngFile(chunks)
    }

    /// A PNG whose header states `width`×`height` but whose data is a few bytes: what a
    /// decompression bomb looks like to a reader that only reads headers.
    public static func pngHeader(width: Int, height: Int) -> Data {
        Self.pngFile([("IHDR", Self.ihdr(width: width, height: height)), ("IDAT", Self.zlibStored([0, 0, 0, 0])), ("IEND", [])])
    }

    /// A PNG carrying `size` bytes in all (an IDAT padded out), well-formed otherwise.
    public static func png(ofSize size: Int) -> Data {
        // The signature (8), IHDR (12 + 13), the IDAT's frame (12) and IEND (12).
        let padding = max(0, size - 57)
        return Self.pngFile([("IHDR", Self.ihdr(width: 1, height: 1)), ("IDAT", [UInt8](repeating: 0x55, count: padding)), ("IEND", [])])
    }

    /// A baseline JPEG's structure (SOI, JFIF, a quantization table, a frame header stating
    /// `width`×`height`, a Huffman table, a scan with stuffed `FF 00` and a restart marker, EOI).
    /// Its scan is not real entropy-coded data: only its structure is walked.
    public static func jpeg(width: Int, height: Int, comment: String? = nil) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += Self.segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        if let comment { bytes += Self.segment(0xFE, Array(comment.utf8)) }
        bytes += Self.segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += Self.segment(0xC0, [8] + Self.be16(height) + Self.be16(width) + [1, 1, 0x11, 0])
        bytes += Self.segment(0xC4, [0x00] + [UInt8](repeating: 0, count: 15) + [1] + [0])
        bytes += Self.segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        bytes += [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD0, 0x78, 0x9A]
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }

    /// An SVG document with a script: what a file named `logo.png` may really be.
    public static let svg = Data(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>"#.utf8)

    /// A GIF89a header (1×1): a raster format, but not one accepted.
    public static let gif = Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3B])

    /// The first bytes of a ZIP archive (a local file header): appended to an image, a polyglot.
    public static let zipHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]

    /// An HTML page with a script, to append to an image (a polyglot a sniffing browser could run).
    public static let htmlPage: [UInt8] = Array("<html><body><script>alert(1)</script></body></html>".utf8)

    // MARK: - Building blocks

    static func ihdr(width: Int, height: Int) -> [UInt8] {
        Self.be32(width) + Self.be32(height) + [8, 2, 0, 0, 0]
    }

    static func pngFile(_ chunks: [(String, [UInt8])]) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks {
            let typed = Array(type.utf8) + data
            bytes += Self.be32(data.count) + typed + Self.be32(Int(Self.crc32(typed)))
        }
        return Data(bytes)
    }

    /// zlib with deflate's stored blocks (no compression), so no library is needed to make it.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count >= raw.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + Self.be32(Int(b << 16 | a))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + Self.be16(payload.count + 2) + payload
    }

    static func be32(_ value: Int) -> [UInt8] {
        [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func be16(_ value: Int) -> [UInt8] {
        [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
