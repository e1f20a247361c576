/// How much of a QR code may be damaged or covered and still read: about 7 % (L), 15 % (M),
/// 25 % (Q) or 30 % (H) of its codewords. More correction means more modules for the same text.
public enum ErrorCorrection: String, Sendable, CaseIterable {
    case low = "L"
    case medium = "M"
    case quartile = "Q"
    case high = "H"
}
