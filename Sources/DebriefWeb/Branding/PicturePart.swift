import Debrief

/// A series' picture as a page shows it (decision 92): an `img` with its width and height, so the
/// page reserves its space before it loads, scaled down to the column it sits in (the stylesheet's
/// `.series-picture` lets it shrink further on a phone, keeping the ratio), and alt text naming
/// whose picture it is. Names differ from any page's own (`picture…`): mustache looks outward.
struct PicturePart: Sendable, Equatable {
    var pictureSrc: String
    var pictureWidth: Int
    var pictureHeight: Int
    var pictureAlt: String

    /// The widest a picture is drawn: the participant page's column (40rem at 16 px).
    static let columnWidth = 640

    init(_ reference: PictureReference, title: String, maxWidth: Int = Self.columnWidth, t: Localizer) {
        let shown = reference.shown(maxWidth: maxWidth)
        self.pictureSrc = reference.path
        self.pictureWidth = shown.width
        self.pictureHeight = shown.height
        self.pictureAlt = t(.seriesPicture, ["title": title])
    }
}
