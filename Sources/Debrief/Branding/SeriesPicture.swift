import Foundation

/// A series' picture as pages and mails name it (decision 92): never its bytes, only where to
/// fetch them and the size to reserve, so an `img` has its width and height before it loads.
public struct SeriesPicture: Sendable, Equatable {
    /// The picture's public name, random and new at every upload (so a replaced picture is a new
    /// address, and the series' id never shows in a participant's page).
    public var id: UUID
    public var seriesID: UUID
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// The SHA-256 of the bytes in hex: the strong ETag.
    public var sha256: String
    public var updatedAt: Date

    public init(id: UUID, seriesID: UUID, format: ImageFormat, width: Int, height: Int, sha256: String, updatedAt: Date) {
        self.id = id
        self.seriesID = seriesID
        self.format = format
        self.width = width
        self.height = height
        self.sha256 = sha256
        self.updatedAt = updatedAt
    }

    /// Where the bytes are served (`GET /series-pictures/{id}`), relative to the site.
    public var path: String { self.reference.path }

    public var reference: PictureReference { PictureReference(id: self.id, width: self.width, height: self.height) }
}

/// An uploaded image with its bytes, as the image routes serve it (a series' picture, a team's
/// logo: decision 95): what the bytes are, their SHA-256 (the strong ETag) and the name a
/// download gets.
public struct StoredImage: Sendable, Equatable {
    public var format: ImageFormat
    public var sha256: String
    /// The file name without its extension (`series-picture`, `team-logo`).
    public var name: String
    public var bytes: Data

    public init(format: ImageFormat, sha256: String, name: String, bytes: Data) {
        self.format = format
        self.sha256 = sha256
        self.name = name
        self.bytes = bytes
    }

    public init(picture: SeriesPicture, bytes: Data) {
        self.init(format: picture.format, sha256: picture.sha256, name: "series-picture", bytes: bytes)
    }
}

/// What a page needs to show a series' picture: where it is and its size, read with the page's
/// own query (``SeriesPicture`` has the rest).
public struct PictureReference: Sendable, Equatable, Codable {
    public var id: UUID
    public var width: Int
    public var height: Int

    public init(id: UUID, width: Int, height: Int) {
        self.id = id
        self.width = width
        self.height = height
    }

    /// Where the bytes are served (`GET /series-pictures/{id}`), relative to the site.
    public var path: String { "/series-pictures/" + self.id.lowercasedText }

    /// The width and height an `img` gets at most `maxWidth` wide, keeping the ratio (at least 1
    /// pixel high): the page reserves the space before the picture loads.
    public func shown(maxWidth: Int) -> (width: Int, height: Int) {
        guard self.width > maxWidth else { return (self.width, self.height) }
        return (maxWidth, max(1, self.height * maxWidth / self.width))
    }
}
