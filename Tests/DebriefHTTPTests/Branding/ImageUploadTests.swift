import Debrief
import DebriefTestSupport
import Foundation
import PropertyBased
import Testing

/// The upload reader (decision 92) against the hostile corpus of issue 70, each file made byte by
/// byte in ``ImageFixtures``: every refusal is one problem at the field, saying why.
@Suite("Image uploads: PNG or JPEG, bounded, no polyglot")
struct ImageUploadTests {
    private func refusal(_ bytes: Data, type: String? = "image/png", field: String = "picture") -> FieldProblem? {
        do {
            _ = try ImageUpload.read(bytes, declaredType: type, field: field)
            return nil
        } catch {
            return error.problems.count == 1 ? error.problems[0] : FieldProblem(path: "?", message: "\(error.problems)")
        }
    }

    @Test func aRealPNGAndAJPEGAreReadWithTheirHeadersDimensions() throws {
        let png = try ImageUpload.read(ImageFixtures.png(width: 40, height: 30), declaredType: "image/png", field: "picture")
        #expect(png.format == .png && png.width == 40 && png.height == 30)
        let jpeg = try ImageUpload.read(ImageFixtures.jpeg(width: 1_024, height: 768), declaredType: "image/jpeg; charset=binary", field: "picture")
        #expect(jpeg.format == .jpeg && jpeg.width == 1_024 && jpeg.height == 768)
        // The type served is the detected one: a JPEG sent as image/png is a JPEG.
        #expect(try ImageUpload.read(ImageFixtures.jpeg(width: 8, height: 8), declaredType: "image/png", field: "logo").format == .jpeg)
    }

    @Test func aPNGHeaderOfOneByAHundredThousandIsRefusedBeforeAnyPixel() throws {
        let problem = try #require(self.refusal(ImageFixtures.pngHeader(width: 1, height: 100_000)))
        #expect(problem.path == "picture")
        #expect(problem.message.contains("1×100000") && problem.message.contains("at most 4096"))
        // A square within each side's bound but past the pixel bound is refused by that bound.
        let square = try #require(self.refusal(ImageFixtures.pngHeader(width: 4_096, height: 4_097)))
        #expect(square.message.contains("at most 4096"))
    }

    @Test func aJPEGThatClaimsSixtyThousandPixelsIsRefused() throws {
        let wide = try #require(self.refusal(ImageFixtures.jpeg(width: 60_000, height: 60_000), type: "image/jpeg", field: "logo"))
        #expect(wide.path == "logo" && wide.message.contains("60000×60000"))
        #expect(self.refusal(ImageFixtures.jpeg(width: 60_000, height: 1), type: "image/jpeg") != nil)
        #expect(self.refusal(ImageFixtures.jpeg(width: 0, height: 10), type: "image/jpeg")?.message.contains("no width or height") == true)
    }

    @Test func anSVGRenamedPNGIsRefusedByItsBytes() throws {
        let problem = try #require(self.refusal(ImageFixtures.svg, type: "image/png"))
        #expect(problem.message.contains("is not a PNG or JPEG image") && problem.message.contains("3C 3F 78 6D"))
        #expect(self.refusal(ImageFixtures.svg, type: "image/svg+xml")?.message.contains("must be sent as image/png or image/jpeg") == true)
        #expect(self.refusal(ImageFixtures.gif, type: "image/png")?.message.contains("is not a PNG or JPEG image") == true)
        #expect(self.refusal(ImageFixtures.png(width: 2, height: 2), type: nil)?.message.contains("sent as nothing") == true)
    }

    @Test func threeHundredKilobytesAreRefusedAndTheLimitIsExact() throws {
        let big = try #require(self.refusal(ImageFixtures.png(ofSize: 300 * 1_024)))
        #expect(big.message.contains("is 307200 bytes") && big.message.contains("at most 262144"))
        let atLimit = ImageFixtures.png(ofSize: ImageUpload.maxBytes)
        #expect(atLimit.count == ImageUpload.maxBytes)
        #expect(self.refusal(atLimit) == nil)
        #expect(self.refusal(ImageFixtures.png(ofSize: ImageUpload.maxBytes + 1)) != nil)
    }

    @Test func polyglotsAreRefused() throws {
        let png = ImageFixtures.png(width: 4, height: 4)
        let pngThenHTML = try #require(self.refusal(png + ImageFixtures.htmlPage))
        #expect(pngThenHTML.message.contains("after the PNG's IEND chunk"))
        let pngThenZIP = try #require(self.refusal(png + ImageFixtures.zipHeader))
        #expect(pngThenZIP.message.contains("10 bytes after"))
        let jpegThenZIP = try #require(self.refusal(ImageFixtures.jpeg(width: 4, height: 4) + ImageFixtures.zipHeader, type: "image/jpeg"))
        #expect(jpegThenZIP.message.contains("after the JPEG's end marker"))
        // Markup inside the image's own structure: a PNG text chunk, a JPEG comment.
        let text = try #require(self.refusal(ImageFixtures.png(width: 4, height: 4, textChunk: "<SCRIPT>alert(1)</SCRIPT>")))
        #expect(text.message.contains("holds markup (<script)"))
        let comment = try #require(self.refusal(ImageFixtures.jpeg(width: 4, height: 4, comment: "<html><body>hi"), type: "image/jpeg"))
        #expect(comment.message.contains("holds markup (<html)"))
        // An HTML page in front of an image is not an image at all.
        #expect(self.refusal(Data(ImageFixtures.htmlPage) + png)?.message.contains("is not a PNG or JPEG image") == true)
    }

    @Test func everyBoundedDimensionIsAcceptedAndEveryOtherRefused() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...70_000), Gen.int(in: 0...70_000), Gen.bool) { width, height, jpeg in
            let bytes = jpeg ? ImageFixtures.jpeg(width: width % 65_536, height: height % 65_536) : ImageFixtures.pngHeader(width: width, height: height)
            let (w, h) = jpeg ? (width % 65_536, height % 65_536) : (width, height)
            let fits = w >= 1 && h >= 1 && w <= ImageUpload.maxSide && h <= ImageUpload.maxSide && w * h <= ImageUpload.maxPixels
            let read = try? ImageUpload.read(bytes, declaredType: jpeg ? "image/jpeg" : "image/png", field: "picture")
            #expect((read != nil) == fits)
            if let read { #expect(read.width == w && read.height == h && read.format == (jpeg ? .jpeg : .png)) }
        }
    }

    @Test func aCutOrExtendedImageIsRefused() async {
        let png = ImageFixtures.png(width: 16, height: 16), jpeg = ImageFixtures.jpeg(width: 16, height: 16)
        await propertyCheck(count: 300, input: Gen.bool, Gen.int(in: 1...400), Gen.int(in: 0...255).array(of: 1...40)) { isJPEG, cut, tail in
            let whole = isJPEG ? jpeg : png
            let type = isJPEG ? "image/jpeg" : "image/png"
            let cutShort = whole.prefix(max(1, whole.count - cut))
            #expect((try? ImageUpload.read(Data(cutShort), declaredType: type, field: "picture")) == nil)
            let extended = whole + Data(tail.map { UInt8($0) })
            #expect((try? ImageUpload.read(extended, declaredType: type, field: "picture")) == nil)
        }
    }

    @Test func bytesWithoutASignatureAreNeverAnImage() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...255).array(of: 1...200)) { values in
            let bytes = Data(values.map { UInt8($0) })
            let signed = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8, 0xFF])
            guard !signed else { return }
            #expect((try? ImageUpload.read(bytes, declaredType: "image/png", field: "picture")) == nil)
        }
    }
}
