/// The light border around a QR code that readers need to find it, in modules.
///
/// The standard asks for 4; a code printed on a plain background can do with less.
public struct QuietZone: Sendable, Equatable {
    public static let range = 0...16
    public static let standard = QuietZone(clamping: 4)

    /// Always within ``range``.
    public let modules: Int

    /// A quiet zone; a width outside ``range`` is clamped into it.
    public init(clamping modules: Int) {
        self.modules = min(max(modules, Self.range.lowerBound), Self.range.upperBound)
    }
}
