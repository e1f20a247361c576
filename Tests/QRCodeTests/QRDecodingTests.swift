import Foundation
import QRCode
import Testing

/// Reads the images back with a real decoder (zbarimg), as a phone would.
@Suite("QR codes decode", .enabled(if: DecoderTools.available, DecoderTools.missingMessage))
struct QRDecodingTests {
    static let url = "http://127.0.0.1:8080/f/7KQ2MX9P4D"

    @Test("The PNG decodes to the encoded text at every error correction", arguments: ErrorCorrection.allCases)
    func png(level: ErrorCorrection) async throws {
        let folder = try DecoderTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("code.png")
        try Data(try QRMatrix(encoding: Self.url, errorCorrection: level).png(maxPixels: 400)).write(to: file)
        #expect(try await DecoderTools.decode(file) == Data(Self.url.utf8))
    }

    @Test("The SVG, rasterized, decodes to the encoded text")
    func svg() async throws {
        let folder = try DecoderTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("code.svg"), png = folder.appendingPathComponent("code.png")
        try Data(try QRMatrix(encoding: Self.url).svg(pixels: 300, title: "QR code").utf8).write(to: svg)
        try await DecoderTools.rasterize(svg: svg, to: png)
        #expect(try await DecoderTools.decode(png) == Data(Self.url.utf8))
    }

    @Test("Non-ASCII text survives byte for byte, with a narrow or the standard quiet zone", arguments: [1, 4])
    func utf8(margin: Int) async throws {
        let text = "https://debrief.example/f/ABC?회의=좋았어요👍"
        let folder = try DecoderTools.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("code.png")
        let matrix = try QRMatrix(encoding: text, errorCorrection: .quartile)
        try Data(try matrix.png(maxPixels: 600, quietZone: QuietZone(clamping: margin))).write(to: file)
        #expect(try await DecoderTools.decode(file) == Data(text.utf8))
    }
}
