import Debrief
import Foundation

/// The fixed text of company sign-in (the button on `/signin`, the refusal pages of
/// `/signin/company/callback`), in each ``Language``: read by templates as `{{t.name}}`.
enum SignInPhrase: String, CaseIterable, Sendable {
    case companySignInButton, signInOr, companyOnlyNote, breakGlassLink, passwordsAdminsOnly
    case companyRefusedHeading, companyTryAgain, companyUnavailable, companyProviderError, companyCodeRefused
    case companyStateNotThisBrowser, companyStateReplayed, companyStateExpired, companyBadToken, companyUnknownKey
    case companyWrongAudience, companyExpired, companyUnverifiedEmail, companyNoAccount, companyLinkedToAnother
    case companyUnprovenAccount
    case addressProven, addressUnproven, addressUnprovenNoMail, addressUnprovenMail
    case signedOutHeading, signedOutMessage, signedOutContinue

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .companySignInButton: return ("Sign in with {name}", "{name}(으)로 로그인")
        case .signInOr: return ("or with your Debrief password", "또는 Debrief 비밀번호로")
        case .companyOnlyNote: return ("This installation signs in with your company account.", "이 설치본은 회사 계정으로 로그인해요.")
        case .breakGlassLink: return ("Administrator? Sign in with a password", "관리자이신가요? 비밀번호로 로그인")
        case .passwordsAdminsOnly:
            return ("Passwords sign in administrators only here: use the company sign-in.", "여기서는 관리자만 비밀번호로 로그인할 수 있어요. 회사 계정으로 로그인해 주세요.")
        case .companyRefusedHeading: return ("Company sign-in did not work", "회사 계정 로그인에 실패했어요")
        case .companyTryAgain: return ("Back to sign-in", "로그인으로 돌아가기")
        case .companyUnavailable:
            return ("{name} cannot be reached right now, so nobody was signed in and nothing was created. Try again in a few minutes.", "지금은 {name}에 연결할 수 없어 로그인하지 않았고 아무것도 만들지 않았어요. 몇 분 뒤에 다시 시도해 주세요.")
        case .companyProviderError: return ("{name} did not sign you in ({error}).", "{name}에서 로그인하지 않았어요 ({error}).")
        case .companyCodeRefused:
            return ("{name} refused this sign-in link: it was used already or has run out. Start again from the sign-in page.", "{name}이(가) 이 로그인 링크를 거절했어요. 이미 사용했거나 만료되었어요. 로그인 페이지에서 다시 시작해 주세요.")
        case .companyStateNotThisBrowser:
            return ("This sign-in was not started in this browser (or its cookie expired). Start again from the sign-in page.", "이 로그인은 이 브라우저에서 시작되지 않았어요(또는 쿠키가 만료되었어요). 로그인 페이지에서 다시 시작해 주세요.")
        case .companyStateReplayed:
            return ("This sign-in link was used already. Start again from the sign-in page.", "이 로그인 링크는 이미 사용되었어요. 로그인 페이지에서 다시 시작해 주세요.")
        case .companyStateExpired:
            return ("This sign-in took too long and ran out. Start again from the sign-in page.", "로그인 시간이 너무 오래 걸려 만료되었어요. 로그인 페이지에서 다시 시작해 주세요.")
        case .companyBadToken:
            return ("The answer from {name} could not be verified, so nobody was signed in. Tell your administrator if this keeps happening.", "{name}의 응답을 검증할 수 없어 로그인하지 않았어요. 계속 이러면 관리자에게 알려 주세요.")
        case .companyUnknownKey:
            return ("{name} signed its answer with a key it does not publish, so nobody was signed in. Tell your administrator.", "{name}이(가) 공개하지 않은 키로 응답에 서명해서 로그인하지 않았어요. 관리자에게 알려 주세요.")
        case .companyWrongAudience:
            return ("The answer from {name} was meant for another application, so nobody was signed in. Tell your administrator.", "{name}의 응답이 다른 애플리케이션을 위한 것이어서 로그인하지 않았어요. 관리자에게 알려 주세요.")
        case .companyExpired:
            return ("The answer from {name} had expired (is this computer's clock right?). Start again from the sign-in page.", "{name}의 응답이 만료되었어요(이 컴퓨터의 시계가 맞나요?). 로그인 페이지에서 다시 시작해 주세요.")
        case .companyUnverifiedEmail:
            return ("{name} has not verified your e-mail address, so it cannot sign you in to Debrief. Verify it there, then try again.", "{name}에서 이메일 주소가 인증되지 않아 Debrief에 로그인할 수 없어요. 그곳에서 인증한 뒤 다시 시도해 주세요.")
        case .companyNoAccount:
            return ("No Debrief account has your e-mail address, and this installation does not create accounts on first sign-in. Ask an administrator for one.", "이 이메일 주소로 된 Debrief 계정이 없고, 이 설치본은 첫 로그인 때 계정을 만들지 않아요. 관리자에게 계정을 요청해 주세요.")
        case .addressProven: return ("Your e-mail address is confirmed.", "이메일 주소가 확인되었어요.")
        case .addressUnproven:
            return ("Your e-mail address is not confirmed yet. Until it is, a series another host transfers or shares to this address does not reach this account, and a company sign-in with this address is not linked to it.", "이메일 주소가 아직 확인되지 않았어요. 확인되기 전에는 다른 호스트가 이 주소로 넘기거나 공유한 시리즈가 이 계정에 오지 않고, 이 주소의 회사 계정 로그인도 이 계정에 연결되지 않아요.")
        case .addressUnprovenNoMail:
            return ("This installation sends no e-mail, so it cannot confirm the address itself: an account an administrator creates counts as confirmed. Ask an administrator.", "이 설치본은 이메일을 보내지 않아서 주소를 직접 확인할 수 없어요. 관리자가 만든 계정은 확인된 것으로 봐요. 관리자에게 문의해 주세요.")
        case .addressUnprovenMail:
            return ("We mailed a confirmation link to this address when the account was made; open it and press the button. It works once, for 24 hours; send a new one below if it is lost or expired.", "계정을 만들 때 이 주소로 확인 링크를 보냈어요. 링크를 열고 버튼을 눌러 주세요. 24시간 동안 한 번 쓸 수 있어요. 잃어버렸거나 만료됐다면 아래에서 새 링크를 보내세요.")
        case .companyUnprovenAccount:
            return ("A Debrief account was registered with your e-mail address, but it never proved that it holds that address, so it was not linked to your {name} account and nobody was signed in. If you made that account, sign in with its password and confirm your address from its account page; if you did not, tell an administrator: someone else may have registered your address.", "당신의 이메일 주소로 가입한 Debrief 계정이 있지만 그 주소를 가진 것을 확인한 적이 없어서 {name} 계정에 연결하지 않았고 로그인하지 않았어요. 그 계정을 직접 만드셨다면 비밀번호로 로그인해 계정 페이지에서 주소를 확인해 주세요. 만든 적이 없다면 관리자에게 알려 주세요. 다른 사람이 당신의 주소로 가입했을 수 있어요.")
        case .companyLinkedToAnother:
            return ("The Debrief account with your e-mail address is linked to another {name} account. Ask an administrator.", "이 이메일 주소의 Debrief 계정은 다른 {name} 계정에 연결되어 있어요. 관리자에게 문의해 주세요.")
        case .signedOutHeading: return ("You are signed out of Debrief", "Debrief에서 로그아웃했어요")
        case .signedOutMessage:
            return ("Your {name} sign-in is ended next, so the next person at this computer cannot use it.", "이어서 {name} 로그인도 끝내서, 이 컴퓨터를 다음에 쓰는 사람이 사용할 수 없게 해요.")
        case .signedOutContinue: return ("Continue to sign out of {name}", "{name}에서도 로그아웃하기")
        }
    }
}
