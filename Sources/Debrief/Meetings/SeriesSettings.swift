import Foundation

/// What a host sets once for a whole series (docs/decisions/0073-series-settings.md): the title
/// its sessions carry, the zone they happen in, and the length and place a new session starts
/// with (nil: the latest session's).
public struct SeriesSettings: Sendable, Equatable {
    public var title: String
    public var timeZone: String
    /// Whole minutes, within ``SeriesSettingsInput/durationMinutes``.
    public var defaultDurationMinutes: Int?
    public var defaultPlace: String?

    public init(title: String, timeZone: String, defaultDurationMinutes: Int?, defaultPlace: String?) {
        self.title = title
        self.timeZone = timeZone
        self.defaultDurationMinutes = defaultDurationMinutes
        self.defaultPlace = defaultPlace
    }
}

/// A checked change of a series' settings: nil (or `.unchanged`) leaves a setting alone.
///
/// Outside the domain a patch comes only from ``SeriesSettingsInput/validate()``: its
/// initializer is internal, so the store is never handed an unchecked one.
public struct SeriesSettingsPatch: Sendable, Equatable {
    public let title: String?
    public let timeZone: String?
    public let defaultDurationMinutes: PatchField<Int>
    public let defaultPlace: PatchField<String>

    init(title: String?, timeZone: String?, defaultDurationMinutes: PatchField<Int>, defaultPlace: PatchField<String>) {
        self.title = title
        self.timeZone = timeZone
        self.defaultDurationMinutes = defaultDurationMinutes
        self.defaultPlace = defaultPlace
    }

    /// The settings after this change.
    public func applied(to current: SeriesSettings) -> SeriesSettings {
        SeriesSettings(
            title: self.title ?? current.title, timeZone: self.timeZone ?? current.timeZone,
            defaultDurationMinutes: self.defaultDurationMinutes.resolved(current: current.defaultDurationMinutes),
            defaultPlace: self.defaultPlace.resolved(current: current.defaultPlace))
    }
}

/// The body of `PATCH /v1/series/{id}` (and what the settings page posts). Every key is optional:
/// absent leaves the setting alone; `null` (or a blank field on the page) removes a default.
public struct SeriesSettingsInput: Decodable, Sendable, Equatable {
    /// The accepted default length of a session: 5 minutes to a day.
    public static let durationMinutes = 5...1440

    /// What was sent, in the patch's shape but not yet checked: only ``validate()`` reads it.
    private let sent: SeriesSettingsPatch

    public init(
        title: String? = nil, timeZone: String? = nil,
        defaultDurationMinutes: PatchField<Int> = .unchanged, defaultPlace: PatchField<String> = .unchanged
    ) {
        self.sent = SeriesSettingsPatch(
            title: title, timeZone: timeZone, defaultDurationMinutes: defaultDurationMinutes, defaultPlace: defaultPlace)
    }

    private enum CodingKeys: String, CodingKey {
        case title, timeZone, defaultDurationMinutes, defaultPlace
    }

    /// Tells an absent key from an explicit `null` (a synthesized decoder cannot).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            title: try container.decodeIfPresent(String.self, forKey: .title),
            timeZone: try container.decodeIfPresent(String.self, forKey: .timeZone),
            defaultDurationMinutes: try container.decodePatch(Int.self, forKey: .defaultDurationMinutes),
            defaultPlace: try container.decodePatch(String.self, forKey: .defaultPlace))
    }

    /// The checked change, or every problem by its field: `title` (1–200 characters, one line),
    /// `timeZone` (an IANA name, ``HostTimeZone``), `defaultDurationMinutes` (5–1440),
    /// `defaultPlace` (at most 200 characters; blank removes it).
    public func validate() -> Result<SeriesSettingsPatch, ValidationFailure> {
        var problems = ProblemCollector()
        let title = self.sent.title.flatMap {
            problems.requiredText($0, at: "title", maxLength: MeetingDetails.titleMaxLength)
        }
        let zone = self.sent.timeZone.flatMap { HostTimeZone.check($0, at: "timeZone", into: &problems) }
        if case .set(let minutes) = self.sent.defaultDurationMinutes {
            problems.checkRange(minutes, Self.durationMinutes, at: "defaultDurationMinutes")
        }
        var place = self.sent.defaultPlace
        if case .set(let raw) = self.sent.defaultPlace {
            place = problems.optionalText(raw, at: "defaultPlace", maxLength: MeetingDetails.placeMaxLength).map { .set($0) } ?? .clear
        }
        let patch = SeriesSettingsPatch(
            title: title, timeZone: zone, defaultDurationMinutes: self.sent.defaultDurationMinutes, defaultPlace: place)
        return problems.result { patch }
    }
}
