import Foundation
import Testing
import Debrief

@Suite("Accounts")
struct AccountTests {
    @Test("Email is trimmed and lowercased")
    func emailNormalized() throws {
        let email = try EmailAddress.parse("  Alice.Smith+tag@Example.COM ").get()
        #expect(email.normalized == "alice.smith+tag@example.com")
        #expect(try EmailAddress(parsing: "BOB@x.io") == EmailAddress(parsing: "bob@X.IO"))
    }

    @Test("Malformed emails are refused with precise messages", arguments: [
        ("alice", "must be a valid email address"),
        ("a@b", "must be a valid email address"),
        ("@example.com", "must be a valid email address"),
        ("a@@example.com", "must be a valid email address"),
        ("a@b@example.com", "must be a valid email address"),
        ("a@example.", "must be a valid email address"),
        ("a@.com", "must be a valid email address"),
        ("a b@example.com", "must not contain spaces"),
        ("   ", "must not be empty"),
        ("a\u{0}@example.com", "must not contain control characters"),
    ])
    func emailRefused(raw: String, message: String) {
        #expect(EmailAddress.parse(raw) == .failure(P("email", message)))
    }

    @Test("Email length limit is 254 characters")
    func emailLength() {
        // 64 + 1 + 189: the longest local part and labels of 63, 63 and 57 octets.
        let domain = "@" + repeated("b", 63) + "." + repeated("c", 63) + "." + repeated("d", 57) + ".com"
        #expect((try? EmailAddress.parse(repeated("a", 64) + domain).get()) != nil)
        #expect(EmailAddress.parse(repeated("a", 64) + domain + "m") == .failure(P("email", "must be at most 254 characters")))
        #expect(EmailAddress.parse(nil, path: "invite.email") == .failure(P("invite.email", "is required")))
    }

    @Test("Addresses that would inject into a header or break a mail path are refused, each with its reason", arguments: [
        ("<ana@example.com>", "must be the address alone, without a name or angle brackets"),
        ("Ana <ana@example.com>", "must be the address alone, without a name or angle brackets"),
        ("\"Ana\" <ana@example.com>", "must be the address alone, without a name or angle brackets"),
        ("ana@example.com>", "must be the address alone, without a name or angle brackets"),
        ("ana@example.com, eve@example.com", "must be a single address, without commas or semicolons"),
        ("ana@example.com;eve@example.com", "must be a single address, without commas or semicolons"),
        ("ana@example.com,", "must be a single address, without commas or semicolons"),
        ("\"ana\"@example.com", "must not contain quotes, parentheses, brackets, colons or backslashes"),
        ("ana(work)@example.com", "must not contain quotes, parentheses, brackets, colons or backslashes"),
        ("ana@example.com (Ana)", "must not contain quotes, parentheses, brackets, colons or backslashes"),
        ("ana@[192.0.2.1]", "must not contain quotes, parentheses, brackets, colons or backslashes"),
        ("ana\\@example.com", "must not contain quotes, parentheses, brackets, colons or backslashes"),
        ("bcc:eve@example.com", "must not contain quotes, parentheses, brackets, colons or backslashes"),
        (repeated("a", 65) + "@example.com", "must have at most 64 octets before the @"),
        (repeated("가", 22) + "@example.com", "must have at most 64 octets before the @"),
        (".ana@example.com", "must not start or end with a dot before the @"),
        ("ana.@example.com", "must not start or end with a dot before the @"),
        ("an..a@example.com", "must not have two dots in a row before the @"),
        ("ana@" + repeated("b", 64) + ".com", "must have at most 63 octets in each part of the domain"),
        ("ana@" + repeated("ü", 60) + ".de", "must have at most 63 octets in each part of the domain"),
        ("a@" + Array(repeating: "사용자", count: 20).joined(separator: "."), "must have at most 253 octets after the @"),
    ])
    func emailHeaderSafe(raw: String, message: String) {
        #expect(EmailAddress.parse(raw) == .failure(P("email", message)))
    }

    @Test("Unusual valid addresses are still accepted", arguments: [
        "a+tag@sub.example.co", "o'brien@example.ie", "사용자@예시.한국", "first.last@example.com", "a_b-c=d!e#f$g%h&i*j/k?l^m`n{o|p}q~r@example.com",
        "x@" + String(repeating: "가", count: 22) + ".kr", // 66 UTF-8 octets, but a 29-octet DNS label (xn--o39a…)
    ])
    func emailUnusualAccepted(raw: String) throws {
        #expect(try EmailAddress.parse(raw).get().normalized == raw.lowercased())
    }

    @Test("Internationalized domain labels are measured in their DNS form (Punycode, checked against Python's codec)")
    func punycodeLabels() {
        #expect(EmailAddress.dnsLength(ofDomain: "예시.한국") == "xn--vv4b11d.xn--3e0b707e".utf8.count)
        #expect(EmailAddress.dnsLength(ofDomain: "bücher.example") == "xn--bcher-kva.example".utf8.count)
        #expect(EmailAddress.dnsLength(ofDomain: "münchen-ost.de") == "xn--mnchen-ost-9db.de".utf8.count)
    }

    @Test("Email decodes from and encodes to a JSON string")
    func emailCoding() throws {
        let decoded = try JSONDecoder().decode(EmailAddress.self, from: Data(#""Bob@X.io""#.utf8))
        #expect(decoded.normalized == "bob@x.io")
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #""bob@x.io""#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EmailAddress.self, from: Data(#""nope""#.utf8))
        }
    }

    @Test("Sign-up reports every missing field at once, in order")
    func signUpMissing() {
        #expect(problems(SignUpInput().validate()) == [
            P("email", "is required"), P("password", "is required"), P("displayName", "is required"),
        ])
    }

    @Test("Sign-up password length bounds are 10 and 200 characters; passwords are not trimmed")
    func passwordBounds() throws {
        let base = SignUpInput(email: "a@b.co", displayName: "Ann")
        var input = base
        input.password = repeated("x", 9)
        #expect(problems(input.validate()) == [P("password", "must be at least 10 characters")])
        input.password = repeated("x", 201)
        #expect(problems(input.validate()) == [P("password", "must be at most 200 characters")])
        input.password = "  spaced pw  "
        let signUp = try input.validate().get()
        #expect(signUp.password == "  spaced pw  ")
        #expect(signUp.email.normalized == "a@b.co")
        #expect(signUp.displayName == "Ann")
    }

    /// Code points, as JSON Schema's minLength counts: ten of them pass even when a combining
    /// mark makes them nine characters on screen.
    @Test("Password lengths count code points")
    func passwordLengthsCountCodePoints() throws {
        var input = SignUpInput(email: "a@b.co", displayName: "Ann")
        input.password = "e\u{301}" + repeated("x", 8)
        #expect(input.password?.count == 9)
        #expect(try input.validate().get().password == input.password)
        input.password = repeated("👍🏽", 101)  // 202 code points
        #expect(problems(input.validate()) == [P("password", "must be at most 200 characters")])
    }

    /// bcrypt reads a C string: "correct horse\0anything" would be hashed as "correct horse".
    @Test("Passwords with control characters are refused", arguments: ["correct\0horse battery", "correct horse\u{7}", "tab\tseparated pw", "line\nbreak password", "c1 control \u{85}"])
    func passwordsWithControlCharactersAreRefused(_ password: String) {
        let input = SignUpInput(email: "a@b.co", password: password, displayName: "Ann")
        #expect(problems(input.validate()) == [P("password", "must not contain control characters")])
    }

    @Test("Display name is single-line, 1-100 characters, NFC-trimmed")
    func displayName() throws {
        var input = SignUpInput(email: "a@b.co", password: "correct horse", displayName: "Ann\nLee")
        #expect(problems(input.validate()) == [P("displayName", "must not contain line breaks or tabs")])
        input.displayName = repeated("가", 101)
        #expect(problems(input.validate()) == [P("displayName", "must be at most 100 characters")])
        input.displayName = "  Jose\u{301} "
        #expect(try input.validate().get().displayName == "José")
    }

    @Test("Profile patch validates the display name only when present")
    func profilePatch() throws {
        #expect(try ProfilePatchInput().validate().get() == ProfilePatch(displayName: nil))
        #expect(try ProfilePatchInput(displayName: " Kim ").validate().get() == ProfilePatch(displayName: "Kim"))
        #expect(problems(ProfilePatchInput(displayName: "").validate()) == [P("displayName", "must not be empty")])
        let decoded = try JSONDecoder().decode(ProfilePatchInput.self, from: Data(#"{"displayName":"Lee"}"#.utf8))
        #expect(decoded.displayName == "Lee")
    }
}
