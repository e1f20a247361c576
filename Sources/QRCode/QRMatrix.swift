import CQREncode
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A QR code as its square grid of modules (dark or light), immutable once encoded.
///
/// libqrencode does the encoding; this type is the only one that touches it. Its result is
/// copied (bounds-checked) into Swift memory and freed before `init` returns, so no C pointer
/// outlives the call.
public struct QRMatrix: Sendable, Equatable {
    /// Modules per side (21 for version 1, up to 177 for version 40), quiet zone excluded.
    public let size: Int
    /// The QR version (1…40) libqrencode chose: the smallest that fits.
    public let version: Int
    /// Row-major, `size × size`; true is dark.
    private let modules: [Bool]

    /// Bytes the largest QR code (version 40) holds in byte mode at each error correction.
    static func byteCapacity(_ level: ErrorCorrection) -> Int {
        switch level {
        case .low: return 2953
        case .medium: return 2331
        case .quartile: return 1663
        case .high: return 1273
        }
    }

    /// Encodes `text` as UTF-8 in byte mode, in the smallest version that fits.
    public init(encoding text: String, errorCorrection level: ErrorCorrection = .medium) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        let limit = Self.byteCapacity(level)
        guard bytes.count <= limit else { throw .textTooLong(bytes: bytes.count, limit: limit) }
        let encoded = bytes.withUnsafeBufferPointer { buffer in
            // Byte mode takes the data with its length, so any text (even one holding NUL) is
            // encoded exactly; version 0 lets the library choose the smallest that fits.
            QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, 0, Self.cLevel(level))
        }
        guard let encoded else { throw .encodingFailed(errno: errno) }
        defer { QRcode_free(encoded) }
        let width = Int(encoded.pointee.width)
        guard (21...177).contains(width), let data = encoded.pointee.data else { throw .encodingFailed(errno: EINVAL) }
        // The least significant bit of each byte is the module's color; the rest describes
        // what the module is for (finder, timing, …) and is not needed here.
        self.modules = UnsafeBufferPointer(start: data, count: width * width).map { $0 & 1 == 1 }
        self.size = width
        self.version = Int(encoded.pointee.version)
    }

    /// Whether the module at (`row`, `column`) is dark; outside the code (the quiet zone) it
    /// is light.
    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<self.size).contains(row), (0..<self.size).contains(column) else { return false }
        return self.modules[row * self.size + column]
    }

    private static func cLevel(_ level: ErrorCorrection) -> QRecLevel {
        switch level {
        case .low: return QR_ECLEVEL_L
        case .medium: return QR_ECLEVEL_M
        case .quartile: return QR_ECLEVEL_Q
        case .high: return QR_ECLEVEL_H
        }
    }
}
