import Debrief

/// The builder's words for templates (docs/decisions/0076-form-templates.md), in English and
/// Korean; read by pages as `{{t.name}}` like ``Phrase``.
enum TemplatePhrase: String, CaseIterable, Sendable {
    case templatesHeading, startFromTemplateLabel, startFromTemplateButton, templateStarted
    case saveAsTemplateLabel, saveAsTemplateButton, templateScopeLabel, templateScopeAccount
    case templateScopeInstallation, templateSaved, templateBuiltIn, templateInstallation, templateOwn
    case newMeetingTemplateLabel, newMeetingTemplateHint, noTemplate

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .templatesHeading: return ("Templates", "템플릿")
        case .startFromTemplateLabel: return ("Start from a template", "템플릿으로 시작")
        case .startFromTemplateButton: return ("Use this template", "이 템플릿 사용")
        case .templateStarted:
            return ("The draft now starts from the template “{name}”.", "초안을 ‘{name}’ 템플릿으로 시작했어요.")
        case .saveAsTemplateLabel: return ("Save this form as a template named", "이 설문을 템플릿으로 저장할 이름")
        case .saveAsTemplateButton: return ("Save as a template", "템플릿으로 저장")
        case .templateScopeLabel: return ("For", "대상")
        case .templateScopeAccount: return ("Only me", "나만")
        case .templateScopeInstallation: return ("Every host of this installation", "이 설치의 모든 진행자")
        case .templateSaved: return ("Saved as the template “{name}”.", "‘{name}’ 템플릿으로 저장했어요.")
        case .templateBuiltIn: return ("built in", "기본 제공")
        case .templateInstallation: return ("for everyone", "모두")
        case .templateOwn: return ("yours", "내 템플릿")
        case .newMeetingTemplateLabel: return ("Form", "설문")
        case .newMeetingTemplateHint:
            return (
                "Start the series' form from a template (with its Korean translation); you can change it in the builder.",
                "템플릿으로 시리즈 설문을 시작해요 (한국어 번역 포함). 설문 편집기에서 바꿀 수 있어요.")
        case .noTemplate: return ("No form yet", "아직 설문 없음")
        }
    }
}

extension TemplatePhrase: PhraseTable {}
