import Foundation
@testable import QRCode
import Testing

@Suite("QR code matrix")
struct QRMatrixTests {
    static let url = "http://127.0.0.1:8080/f/7KQ2MX9P4D"

    @Test("A short URL fits a small version with its finder patterns in three corners")
    func finderPatterns() throws {
        let matrix = try QRMatrix(encoding: Self.url)
        #expect(matrix.size == 17 + 4 * matrix.version)
        #expect(matrix.version <= 3)
        // A finder pattern is a dark 7×7 ring around a light ring around a dark 3×3 core.
        for (top, left) in [(0, 0), (0, matrix.size - 7), (matrix.size - 7, 0)] {
            #expect((0..<7).allSatisfy { matrix.isDark(row: top, column: left + $0) && matrix.isDark(row: top + 6, column: left + $0) })
            #expect(!matrix.isDark(row: top + 1, column: left + 1))
            #expect(matrix.isDark(row: top + 3, column: left + 3))
        }
        // The fourth corner has none.
        #expect(!(0..<7).allSatisfy { matrix.isDark(row: matrix.size - 1, column: matrix.size - 7 + $0) })
    }

    @Test("Outside the matrix (the quiet zone) every module is light")
    func outside() throws {
        let matrix = try QRMatrix(encoding: "x")
        #expect(!matrix.isDark(row: -1, column: 0))
        #expect(!matrix.isDark(row: 0, column: matrix.size))
        #expect(!matrix.isDark(row: Int.min, column: Int.max))
    }

    @Test("More error correction needs at least as many modules")
    func errorCorrectionGrows() throws {
        let text = String(repeating: "https://debrief.example/f/7KQ2MX9P4D ", count: 4)
        let sizes = try ErrorCorrection.allCases.map { try QRMatrix(encoding: text, errorCorrection: $0).size }
        #expect(sizes == sizes.sorted())
        #expect(sizes[0] < sizes[3])
    }

    @Test("Text longer than the largest code holds is refused before libqrencode sees it")
    func tooLong() {
        let text = String(repeating: "a", count: 1274)
        #expect(throws: QRCodeError.textTooLong(bytes: 1274, limit: 1273)) {
            try QRMatrix(encoding: text, errorCorrection: .high)
        }
        #expect(throws: Never.self) { try QRMatrix(encoding: String(repeating: "a", count: 2953), errorCorrection: .low) }
    }

    @Test("The SVG is one path of squares on a light square, sized in modules with the quiet zone")
    func svgShape() throws {
        let matrix = try QRMatrix(encoding: Self.url)
        let svg = matrix.svg(quietZone: QuietZone(clamping: 2), pixels: 300, title: "QR code for <a & b>")
        let side = matrix.size + 4
        #expect(svg.contains(#"viewBox="0 0 \#(side) \#(side)" width="300" height="300""#))
        #expect(svg.contains(#"shape-rendering="crispEdges""#))
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.contains("<title>QR code for &#60;a &#38; b&#62;</title>"))
        #expect(!svg.contains("style"))
        // The top-left finder's first row starts at the quiet zone: 7 dark modules.
        #expect(svg.contains("M2 2h7v1h-7z"))
    }

    @Test("The quiet zone is clamped to 0…16 modules")
    func quietZone() {
        #expect(QuietZone(clamping: -3).modules == 0)
        #expect(QuietZone(clamping: 99).modules == 16)
        #expect(QuietZone.standard.modules == 4)
    }

    @Test("The PNG uses whole pixels per module and is never wider than asked, unless a pixel per module is already wider")
    func pngSize() throws {
        let matrix = try QRMatrix(encoding: Self.url)
        let modules = matrix.size + 8
        for asked in [64, 100, 512, 1000, 4096] {
            let png = try matrix.png(maxPixels: asked)
            let width = Self.uint32(png, at: 16), height = Self.uint32(png, at: 20)
            #expect(width == height)
            #expect(width % modules == 0)
            #expect(width == max(1, asked / modules) * modules)
            #expect(width <= max(asked, modules))
        }
    }

    @Test("The PNG is a 1-bit grayscale file with correct chunk checksums")
    func pngStructure() throws {
        let png = try QRMatrix(encoding: Self.url).png(maxPixels: 256)
        #expect(Array(png.prefix(8)) == PNGEncoder.signature)
        var offset = 8
        var types: [String] = []
        while offset < png.count {
            let length = Self.uint32(png, at: offset)
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let crc = Self.uint32(png, at: offset + 8 + length)
            let recomputed = PNGEncoder.chunk(type, Array(png[(offset + 8)..<(offset + 8 + length)]))
            #expect(Self.uint32(recomputed, at: 8 + length) == crc, "CRC of \(type)")
            types.append(type)
            offset += 12 + length
        }
        #expect(types == ["IHDR", "IDAT", "IEND"])
        #expect(Array(png[24..<29]) == [1, 0, 0, 0, 0])
        // IEND's CRC is the well-known constant of an empty IEND chunk.
        #expect(Self.uint32(png, at: png.count - 4) == 0xAE42_6082)
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
}
