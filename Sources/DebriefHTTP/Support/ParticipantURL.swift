/// Where participants answer a published form. The form's JSON (`participantUrl`) and its QR
/// code both come from here, so they cannot disagree.
public enum ParticipantURL {
    public static func of(code: String, base publicBaseURL: String) -> String {
        "\(publicBaseURL)/f/\(code)"
    }
}
