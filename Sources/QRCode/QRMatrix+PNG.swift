extension QRMatrix {
    /// Whole pixels per module so that the image (quiet zone included) is at most `maxPixels`
    /// wide, and at least one: modules are never blurred across pixel borders, so the image may
    /// be a little smaller than asked for (or larger, if `maxPixels` is below one per module).
    public func pixelsPerModule(maxPixels: Int, quietZone: QuietZone = .standard) -> Int {
        max(1, maxPixels / (self.size + 2 * quietZone.modules))
    }

    /// The code as a 1-bit grayscale PNG at most `maxPixels` wide (see
    /// ``pixelsPerModule(maxPixels:quietZone:)``): black modules on white.
    public func png(maxPixels: Int, quietZone: QuietZone = .standard) throws(QRCodeError) -> [UInt8] {
        let scale = self.pixelsPerModule(maxPixels: maxPixels, quietZone: quietZone)
        let side = (self.size + 2 * quietZone.modules) * scale
        let rowBytes = (side + 7) / 8
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((rowBytes + 1) * side)
        for moduleRow in -quietZone.modules..<(self.size + quietZone.modules) {
            // Filter type 0 (none), then the pixels, 8 to a byte, most significant bit first;
            // in 1-bit grayscale 1 is white.
            var line = [UInt8](repeating: 0xFF, count: rowBytes + 1)
            line[0] = 0
            for column in 0..<self.size where self.isDark(row: moduleRow, column: column) {
                let first = (column + quietZone.modules) * scale
                for pixel in first..<(first + scale) {
                    line[1 + pixel / 8] &= ~(0x80 >> UInt8(pixel % 8))
                }
            }
            // Every pixel row of one module row is the same.
            for _ in 0..<scale { scanlines += line }
        }
        return try PNGEncoder.grayscale1Bit(width: side, height: side, scanlines: scanlines)
    }
}
