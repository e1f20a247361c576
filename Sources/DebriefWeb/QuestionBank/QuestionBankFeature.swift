import DebriefActions
import DebriefHTTP

/// The question bank as one feature (issue 71 goal 7, docs/decisions/0102-question-bank.md): its
/// `/v1/question-bank…` routes and the insertion into a form's draft, the `/question-bank` page
/// and the builder's `/m/{id}/form/bank`.
public struct QuestionBankFeature: Feature {
    let bank: QuestionBankActions
    let meetings: MeetingActions
    let forms: FormActions

    public init(bank: QuestionBankActions, meetings: MeetingActions, forms: FormActions) {
        self.bank = bank
        self.meetings = meetings
        self.forms = forms
    }

    public func addRoutes(to api: APIRoutes) {
        QuestionBankController(bank: self.bank, publicBaseURL: api.settings.publicBaseURL).addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        QuestionBankPageController(bank: self.bank).addRoutes(to: pages.signedIn)
        FormBankPageController(meetings: self.meetings, forms: self.forms, bank: self.bank).addRoutes(to: pages.signedIn)
    }
}
