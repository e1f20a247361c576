import Debrief
import DebriefStore
import Foundation

/// What `meeting-form.mustache` shows: the fields of a new meeting, an edit or a next session,
/// with what the host typed kept and each problem next to its field.
struct MeetingFormPage {
    struct Conflict {
        var href: String
        var title: String
    }

    /// The next session's choice to close the session it follows (shown when that form is open).
    struct ClosePrevious {
        var label: String
        var checked: Bool
    }

    var heading: String
    var action: String
    var submitLabel: String
    var cancelHref: String
    var csrf = ""
    var title = ""
    var startsAt = ""
    var endsAt = ""
    var place = ""
    var headCount = ""
    /// The zone the times are typed in: the host's (``DateText/zoneName``) unless another is chosen.
    var timeZone = DateText.zoneName
    /// What the time-zone picker suggests (`time-zone-list.mustache`).
    var zoneNames: [String] = HostTimeZone.identifiers
    var timeZoneError: String?
    var formError: String?
    var titleError: String?
    var startsAtError: String?
    var endsAtError: String?
    var placeError: String?
    var headCountError: String?
    var conflict: Conflict?
    var closePrevious: ClosePrevious?
    /// "Repeats" (only on a new meeting): one option per ``Repeats``, the posted one selected.
    var repeatsField: RepeatsField?
    /// "Form": the template a new series starts from (only `/m/new` has the field).
    var templateField: TemplateField?

    struct RepeatsField {
        struct Option {
            var value: String
            var label: String
            var selected: Bool
        }

        var options: [Option]
        var error: String?

        init(selected: String?, _ t: Localizer) {
            let labels: [Repeats: CalendarPhrase] = [
                .none: .repeatsNone, .weekly: .repeatsWeekly, .everyTwoWeeks: .repeatsEveryTwoWeeks, .monthly: .repeatsMonthly,
            ]
            self.options = Repeats.allCases.map { value in
                Option(value: value.rawValue, label: labels[value].map { t($0) } ?? value.rawValue,
                       selected: value.rawValue == (selected ?? Repeats.none.rawValue))
            }
        }
    }
    struct TemplateField {
        var options: [RepeatsField.Option]
        var error: String?

        /// "No form yet" first, then every template the host may use, the posted one selected.
        init(templates: [FormTemplate], selected: String?, _ t: Localizer) {
            let none = RepeatsField.Option(value: "", label: t(TemplatePhrase.noTemplate), selected: (selected ?? "").isEmpty)
            self.options = [none] + templates.map { template in
                RepeatsField.Option(
                    value: template.id.description, label: BuilderTemplates.label(template, t), selected: template.id.description == selected)
            }
        }
    }

    var timeError: Bool { self.startsAtError != nil || self.endsAtError != nil || self.timeZoneError != nil || self.conflict != nil }

    /// The fields filled from a meeting (an edit, or the pre-filled next session).
    mutating func fill(from meeting: Meeting, startsAt: Date? = nil, endsAt: Date? = nil) {
        self.title = meeting.title
        self.startsAt = LocalDateTime.format(startsAt ?? meeting.startsAt)
        self.endsAt = LocalDateTime.format(endsAt ?? meeting.endsAt)
        self.place = meeting.place ?? ""
        self.headCount = meeting.expectedHeadCount.map(String.init) ?? ""
    }

    /// The fields as posted, kept whatever happens next.
    mutating func fill(from fields: FormFields) {
        self.title = fields["title"] ?? ""
        self.startsAt = fields["startsAt"] ?? ""
        self.endsAt = fields["endsAt"] ?? ""
        self.place = fields["place"] ?? ""
        self.headCount = fields["expectedHeadCount"] ?? ""
        self.timeZone = String((fields["timeZone"] ?? DateText.zoneName).prefix(64))
    }

    mutating func show(_ failure: ValidationFailure, _ localizer: Localizer) {
        let errors = FieldErrors(failure, localizer)
        self.titleError = errors["title"]
        self.startsAtError = errors["startsAt"]
        self.endsAtError = errors["endsAt"]
        self.placeError = errors["place"]
        self.headCountError = errors["expectedHeadCount"]
        self.timeZoneError = errors["timeZone"]
        self.repeatsField?.error = errors["repeats"]
        self.templateField?.error = errors["templateId"]
    }
}

/// The posted meeting fields, parsed: times from `<input type="datetime-local">` read in the
/// posted `timeZone` (the host's zone when the field is absent), a head count from a number field.
/// A field that cannot be parsed is a problem at its path, reported together with the domain's own.
struct PostedMeeting {
    var title: String?
    var startsAt: Date?
    var endsAt: Date?
    var place: String?
    var expectedHeadCount: Int?
    /// The zone the times were typed in, when the form posted one: a new series' zone.
    var timeZone: String?
    /// "Repeats" as posted (only `/m/new` has the field); the domain checks the value.
    var repeats: String?
    /// The template picked on `/m/new` ("" for none).
    var templateId: String?
    var problems: [FieldProblem] = []

    init(_ fields: FormFields) {
        self.title = fields["title"]
        self.place = fields["place"]
        self.repeats = fields["repeats"]
        self.templateId = fields["templateId"]
        var zone = DateText.zone
        if let raw = fields["timeZone"] {
            var collector = ProblemCollector()
            if let name = HostTimeZone.check(raw, at: "timeZone", into: &collector), let chosen = HostTimeZone.zone(name) {
                zone = chosen
                self.timeZone = name
            }
            self.problems += collector.problems
        }
        self.startsAt = Self.time(fields, "startsAt", in: zone, into: &self.problems)
        self.endsAt = Self.time(fields, "endsAt", in: zone, into: &self.problems)
        let count = (fields["expectedHeadCount"] ?? "").trimmingCharacters(in: .whitespaces)
        if !count.isEmpty {
            if let number = Int(count) { self.expectedHeadCount = number } else { self.problems.append(FieldProblem("expectedHeadCount", "must be a whole number")) }
        }
    }

    private static func time(_ fields: FormFields, _ path: String, in zone: TimeZone, into problems: inout [FieldProblem]) -> Date? {
        let raw = (fields[path] ?? "").trimmingCharacters(in: .whitespaces)
        guard !raw.isEmpty else { return nil }
        guard let date = LocalDateTime.parse(raw, in: zone) else {
            problems.append(FieldProblem(path, "must be a date and time"))
            return nil
        }
        return date
    }

    var input: MeetingInput {
        MeetingInput(
            title: self.title, startsAt: self.startsAt, endsAt: self.endsAt, place: self.place, expectedHeadCount: self.expectedHeadCount,
            timeZone: self.timeZone, repeats: self.repeats, templateId: self.templateId)
    }

    /// A patch that sets every field (an empty place or head count removes it).
    var patch: MeetingPatchInput {
        MeetingPatchInput(
            title: self.title, startsAt: self.startsAt, endsAt: self.endsAt,
            place: (self.place ?? "").isEmpty ? .clear : .set(self.place ?? ""),
            expectedHeadCount: self.expectedHeadCount.map { .set($0) } ?? .clear)
    }
}

/// `yyyy-MM-ddTHH:mm`, the value of a `datetime-local` input: by default in the signed-in host's
/// zone (``DateText/zone``), so what the host types means what the page shows.
enum LocalDateTime {
    static func format(_ date: Date) -> String {
        Self.formatter("yyyy-MM-dd'T'HH:mm", DateText.zone).string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        Self.parse(text, in: DateText.zone)
    }

    static func parse(_ text: String, in zone: TimeZone) -> Date? {
        guard text.utf8.count <= 32 else { return nil }
        return Self.formatter("yyyy-MM-dd'T'HH:mm", zone).date(from: text) ?? Self.formatter("yyyy-MM-dd'T'HH:mm:ss", zone).date(from: text)
    }

    private static func formatter(_ format: String, _ zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter
    }
}
