import DebriefZlib

/// Writes PNG files from filtered scanlines, with zlib for the compression and the checksums.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A 1-bit grayscale, non-interlaced PNG; `scanlines` are `height` rows, each a filter-type
    /// byte followed by the packed pixels.
    static func grayscale1Bit(width: Int, height: Int, scanlines: [UInt8]) throws(QRCodeError) -> [UInt8] {
        var header: [UInt8] = []
        header += Self.bigEndian(UInt32(width))
        header += Self.bigEndian(UInt32(height))
        // Bit depth 1, color type 0 (grayscale), deflate, adaptive filtering, no interlace.
        header += [1, 0, 0, 0, 0]
        var file = Self.signature
        file += Self.chunk("IHDR", header)
        file += Self.chunk("IDAT", try Self.deflate(scanlines))
        file += Self.chunk("IEND", [])
        return file
    }

    /// The zlib stream of `bytes` (PNG's IDAT is exactly that).
    static func deflate(_ bytes: [UInt8]) throws(QRCodeError) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK, Int(length) <= output.count else { throw .compressionFailed(status: status) }
        output.removeSubrange(Int(length)...)
        return output
    }

    /// Length, type, data and the CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, nil, 0)
        // Never with an empty buffer: zlib answers a null pointer with the initial value,
        // dropping the CRC so far.
        for part in [typeBytes, data] where !part.isEmpty {
            crc = part.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        }
        return Self.bigEndian(UInt32(data.count)) + typeBytes + data + Self.bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
