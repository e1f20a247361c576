import Foundation

/// The two image formats an upload may be (a series' picture, a team's logo): PNG and JPEG,
/// never SVG (a document that can carry script), never GIF or WebP. Told from the bytes alone.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png
    case jpeg

    /// The `Content-Type` the image is served with: the detected type, never what was declared.
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        }
    }

    /// The file name's extension a download gets (`Content-Disposition`).
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        }
    }

    /// The format a stored row names (`image/png`, `image/jpeg`).
    public init?(mediaType: String) {
        guard let format = Self.allCases.first(where: { $0.mediaType == mediaType }) else { return nil }
        self = format
    }
}

/// An uploaded image that passed ``ImageUpload/read(_:declaredType:field:)``: its bytes, the
/// format they are and the dimensions their header states. Nothing here ever decoded a pixel:
/// the server stores and serves the bytes as they came, and the header's numbers are bounded so
/// that the browser that does decode them is asked for at most ``maxPixels``.
public struct ImageUpload: Sendable, Equatable {
    public let bytes: Data
    public let format: ImageFormat
    public let width: Int
    public let height: Int

    /// 256 KB: a picture on a phone's page and a logo need no more, and a body larger than this
    /// is cut by the route before it is buffered (``maxBytes`` is the route's body limit too).
    public static let maxBytes = 256 * 1024
    /// The longest side a header may state: twice a 4K screen's width, more than any page here
    /// shows. A 1×100,000 "banner" is refused although its pixel count is small.
    public static let maxSide = 4_096
    /// The most pixels a header may state, 16 M (4,096²): a browser decodes at 4 bytes a pixel,
    /// so one picture costs a viewer at most 64 MB however small its file (a "decompression
    /// bomb" is a tiny file whose header claims a huge image).
    public static let maxPixels = 4_096 * 4_096
    /// The media types a request may declare for the bytes (the type served is the detected one).
    public static let acceptedMediaTypes: Set<String> = ["image/png", "image/jpeg"]

    /// Reads an upload: the declared media type must be PNG or JPEG, the bytes at most
    /// ``maxBytes`` and exactly one PNG or JPEG file by their own structure (``ImageHeader``), its
    /// dimensions within ``maxSide`` and ``maxPixels``, with nothing after the image's end and no
    /// markup anywhere (``MarkupMarkers``). Each refusal is one problem at `field`.
    public static func read(_ bytes: Data, declaredType: String?, field: String) throws(ValidationFailure) -> ImageUpload {
        func refuse(_ message: String) -> ValidationFailure { ValidationFailure(FieldProblem(path: field, message: message)) }
        let declared = declaredType.map(Self.mediaType(of:))
        guard let declared, Self.acceptedMediaTypes.contains(declared) else {
            throw refuse("must be sent as image/png or image/jpeg (sent as \(declaredType ?? "nothing")); SVG, GIF and other formats are not accepted")
        }
        guard bytes.count <= Self.maxBytes else {
            throw refuse("is \(bytes.count) bytes; an image may be at most \(Self.maxBytes) bytes (256 KB)")
        }
        guard !bytes.isEmpty else { throw refuse("is empty; send a PNG or JPEG image") }
        let header: ImageHeader
        do {
            header = try ImageHeader.read([UInt8](bytes))
        } catch {
            throw refuse(error.message)
        }
        guard header.width >= 1, header.height >= 1 else { throw refuse("states no width or height in its header") }
        guard header.width <= Self.maxSide, header.height <= Self.maxSide else {
            throw refuse("is \(header.width)×\(header.height) pixels; each side may be at most \(Self.maxSide)")
        }
        guard header.width * header.height <= Self.maxPixels else {
            throw refuse("is \(header.width)×\(header.height) pixels; an image may have at most \(Self.maxPixels) pixels")
        }
        if let marker = MarkupMarkers.first(in: bytes) {
            throw refuse("holds markup (\(marker)) inside the image; save it again as a plain PNG or JPEG")
        }
        return ImageUpload(bytes: bytes, format: header.format, width: header.width, height: header.height)
    }

    /// `image/PNG; charset=x` → `image/png`.
    static func mediaType(of declared: String) -> String {
        declared.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }
}

/// Byte strings that start an HTML, XML or SVG document or a script: an image holding one (in a
/// PNG text chunk, a JPEG comment, or appended) is a polyglot a browser sniffing the type could
/// run. The image is served with its detected type and `nosniff`, so this is the second wall.
/// A 7-byte marker matching inside compressed pixel data by chance is about 1 in 10¹⁴ per byte.
enum MarkupMarkers {
    static let markers = ["<script", "<html", "<svg", "<?xml", "<!doctype", "<iframe", "<body", "<object", "<embed", "javascript:"]

    /// The first marker found (case-insensitive), or nil.
    static func first(in bytes: Data) -> String? {
        let lowered = [UInt8](bytes).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        for marker in Self.markers {
            let needle = Array(marker.utf8)
            guard lowered.count >= needle.count else { continue }
            var index = 0
            while index <= lowered.count - needle.count {
                if lowered[index] == needle[0], lowered[index..<index + needle.count].elementsEqual(needle) { return marker }
                index += 1
            }
        }
        return nil
    }
}
