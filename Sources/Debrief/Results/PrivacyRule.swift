/// The anonymity rule of k (a form's `privacyThreshold`), decided here once for every output.
///
/// On an anonymous form, what a group of respondents wrote or chose is shown only when the
/// group has at least k people, and — for a filtered view (`since`, `until`, `checkedInOnly`) —
/// only when what the filter leaves out is either nobody or at least k people: otherwise the
/// difference between the filtered and the unfiltered results is what those few people said.
/// k = 1 turns the rule off (forms whose answers are not anonymous anyway). See the README's
/// threat model for what this protects against and what it cannot.
public enum PrivacyRule {
    /// Why a question's breakdown is withheld, or nil when it may be shown.
    ///
    /// - Parameters:
    ///   - respondents: people in the (possibly filtered) group who answered the question.
    ///   - unfilteredRespondents: people who answered it without the filter; nil when unfiltered.
    public static func withheldReason(form: FormDefinition, respondents: Int, unfilteredRespondents: Int?) -> String? {
        let k = form.privacyThreshold
        guard form.anonymous, k > 1 else { return nil }
        if respondents > 0, respondents < k {
            return "fewer than \(k) people answered this anonymous question"
        }
        if let all = unfilteredRespondents {
            let left = all - respondents
            if left > 0, left < k {
                return "the filter leaves out fewer than \(k) people who answered; compared with the unfiltered results it would show their answers"
            }
        }
        return nil
    }

    /// Whether a group of `people` is large enough to show what they answered on `form`.
    public static func shows(_ people: Int, on form: FormDefinition) -> Bool {
        people == 0 || people >= Self.smallestGroup(on: form)
    }

    /// The fewest people whose answers `form`'s outputs show as a group: k on an anonymous form,
    /// 1 when the rule is off (not anonymous, or k = 1).
    public static func smallestGroup(on form: FormDefinition) -> Int {
        form.anonymous && form.privacyThreshold > 1 ? form.privacyThreshold : 1
    }
}
