/// Why a QR code could not be made.
public enum QRCodeError: Error, Sendable, Equatable {
    /// The text does not fit the largest QR code (version 40) at this error correction.
    case textTooLong(bytes: Int, limit: Int)
    /// libqrencode failed for another reason (out of memory); the `errno` it set.
    case encodingFailed(errno: Int32)
    /// zlib failed to compress the PNG's pixels; its status code.
    case compressionFailed(status: Int32)
}
