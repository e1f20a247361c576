/// What an image's own structure says it is: the format, told by the signature alone (never a
/// file name or a declared type), and the dimensions its header states. Reading walks the file's
/// structure end to end (PNG chunks, JPEG segments) without decoding a pixel, in time linear in
/// its length, and refuses anything the walk does not end cleanly at the image's end marker.
///
/// The rule against polyglots: nothing may follow PNG's `IEND` or JPEG's `EOI`, not one byte.
/// A file that is also a ZIP, a PDF or an HTML page keeps that other document after the image's
/// end (or in front of it, which the signature check refuses); a camera's trailing data is lost
/// the same way, which a host fixes by saving the picture again.
struct ImageHeader: Equatable {
    var format: ImageFormat
    var width: Int
    var height: Int

    /// Why a file is not one PNG or JPEG image, in the words a problem shows after the field.
    struct Refusal: Error, Equatable {
        var message: String
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func read(_ bytes: [UInt8]) throws(Refusal) -> ImageHeader {
        if bytes.starts(with: Self.pngSignature) { return try Self.png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try Self.jpeg(bytes) }
        throw Refusal(message: "is not a PNG or JPEG image (its first bytes are \(Self.describe(bytes.prefix(8)))); SVG, GIF and other formats are not accepted")
    }

    /// A PNG: the signature, `IHDR` first (13 bytes: width, height, bit depth, colour type…), then
    /// chunks of a length, a four-letter type, the data and a CRC, up to `IEND`, which ends the file.
    private static func png(_ bytes: [UInt8]) throws(Refusal) -> ImageHeader {
        var offset = Self.pngSignature.count
        var header: ImageHeader?
        while true {
            guard offset + 8 <= bytes.count else { throw Refusal(message: "is a PNG image cut short (it has no IEND chunk)") }
            let length = Self.bigEndian(bytes, offset, 4)
            let type = bytes[offset + 4..<offset + 8]
            guard type.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) else {
                throw Refusal(message: "is not a well-formed PNG image (a chunk at byte \(offset) has no valid type)")
            }
            let end = offset + 12 + length
            guard length <= 0x7FFF_FFFF, end <= bytes.count else { throw Refusal(message: "is a PNG image cut short (a chunk runs past the end)") }
            let name = String(decoding: type, as: UTF8.self)
            if header == nil {
                guard name == "IHDR", length == 13 else { throw Refusal(message: "is not a well-formed PNG image (it does not start with its IHDR header)") }
                header = ImageHeader(format: .png, width: Self.bigEndian(bytes, offset + 8, 4), height: Self.bigEndian(bytes, offset + 12, 4))
            } else if name == "IHDR" {
                throw Refusal(message: "is not a well-formed PNG image (it has two IHDR headers)")
            }
            offset = end
            if name == "IEND" { break }
        }
        guard offset == bytes.count else { throw Self.trailing(bytes.count - offset, after: "PNG's IEND chunk") }
        // The loop leaves only after reading IHDR first.
        guard let header else { throw Refusal(message: "is not a well-formed PNG image") }
        return header
    }

    /// A JPEG: `SOI`, then segments (a marker `FF xx` and, for most, a two-byte length) up to a
    /// start of frame (`SOF0`–`SOF15` but `DHT`, `JPG` and `DAC`), whose header states height then
    /// width; each start of scan is followed by entropy-coded data (where `FF` is stuffed as
    /// `FF 00` and restart markers `FF D0`–`D7` stand alone) up to the next marker; `EOI` ends the file.
    private static func jpeg(_ bytes: [UInt8]) throws(Refusal) -> ImageHeader {
        var offset = 2
        var header: ImageHeader?
        while true {
            // Fill bytes (`FF FF …`) may stand before a marker.
            guard offset < bytes.count, bytes[offset] == 0xFF else {
                throw Refusal(message: offset >= bytes.count ? "is a JPEG image cut short (it has no end marker)" : "is not a well-formed JPEG image (no marker at byte \(offset))")
            }
            while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }
            guard offset < bytes.count else { throw Refusal(message: "is a JPEG image cut short (it has no end marker)") }
            let marker = bytes[offset]
            offset += 1
            if marker == 0xD9 { break }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            guard marker != 0x00, marker != 0xD8 else { throw Refusal(message: "is not a well-formed JPEG image (a stray marker at byte \(offset - 1))") }
            guard offset + 2 <= bytes.count else { throw Refusal(message: "is a JPEG image cut short (a segment runs past the end)") }
            let length = Self.bigEndian(bytes, offset, 2)
            guard length >= 2, offset + length <= bytes.count else { throw Refusal(message: "is a JPEG image cut short (a segment runs past the end)") }
            if Self.isStartOfFrame(marker) {
                guard header == nil else { throw Refusal(message: "is not a well-formed JPEG image (it has two frame headers)") }
                guard length >= 8 else { throw Refusal(message: "is not a well-formed JPEG image (its frame header is too short)") }
                header = ImageHeader(format: .jpeg, width: Self.bigEndian(bytes, offset + 5, 2), height: Self.bigEndian(bytes, offset + 3, 2))
            }
            offset += length
            if marker == 0xDA {
                guard header != nil else { throw Refusal(message: "is not a well-formed JPEG image (its scan comes before its frame header)") }
                offset = Self.endOfScan(bytes, from: offset)
            }
        }
        guard let header else { throw Refusal(message: "is not a well-formed JPEG image (it has no frame header)") }
        guard offset == bytes.count else { throw Self.trailing(bytes.count - offset, after: "JPEG's end marker") }
        return header
    }

    /// The offset of the first marker after entropy-coded data (or the end of the bytes).
    private static func endOfScan(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start
        while offset + 1 < bytes.count {
            if bytes[offset] == 0xFF {
                let next = bytes[offset + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) {
                    offset += 2
                    continue
                }
                return offset
            }
            offset += 1
        }
        return bytes.count
    }

    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    private static func trailing(_ count: Int, after end: String) -> Refusal {
        Refusal(message: "has \(count) bytes after the \(end), where another file may hide; save it again as a plain PNG or JPEG")
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func describe(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: " ")
    }
}
