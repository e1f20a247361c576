import Foundation

/// When a response was completed too fast to have been read: faster than the form's threshold
/// (docs/decisions/0036). The host may set the threshold (`speederThresholdSeconds`); without it
/// the default follows the form's length, a floor on the time a quick but honest reader needs.
///
/// Decided when results are read, from the stored opened and submitted times, so a retuned
/// threshold applies to every response already given. A response whose opened time is unknown
/// (no ticket, no check-in) is never a speeder.
public enum SpeederThreshold {
    /// Accepted host settings, in seconds.
    public static let range = 1...3600
    /// The default never goes below this.
    public static let minimumDefault = 5

    /// The threshold in force for `form`: the host's setting, else ``defaultSeconds(for:)``.
    public static func seconds(for form: FormDefinition) -> Int {
        form.speederThresholdSeconds ?? Self.defaultSeconds(for: form)
    }

    /// The default from the form's length: per question 2 s for a rating, 2 s plus ½ s per
    /// option for a choice, 1½ s per statement for a grid, 5 s for a short answer (reading the
    /// prompt and typing a few words); at least ``minimumDefault``, rounded up to a second.
    /// Follow-ups count in full: the threshold errs on the side of flagging fewer people only
    /// through its floor, and a host who finds it strict can lower it.
    public static func defaultSeconds(for form: FormDefinition) -> Int {
        let total = form.questions.reduce(0.0) { sum, question in sum + question.kind.descriptor.speederSeconds(question.body) }
        return max(Self.minimumDefault, Int(total.rounded(.up)))
    }

    /// Whether a response opened at `openedAt` and submitted at `submittedAt` was a speeder on
    /// `form`; false when the opened time is unknown.
    public static func isSpeeder(openedAt: Date?, submittedAt: Date, form: FormDefinition) -> Bool {
        guard let openedAt else { return false }
        return submittedAt.timeIntervalSince(openedAt) < Double(Self.seconds(for: form))
    }
}
