import Debrief
import Testing

/// A typed code's normalization: the ASCII path (every code a participant types in practice) and
/// the Unicode one agree on the rules.
@Suite("Form code normalization")
struct FormCodeTests {
    @Test func typedCodesAreUpperCasedStrippedAndMappedFromLookAlikes() {
        #expect(FormCode.normalize("abcd-efgh-jk") == "ABCDEFGHJK")
        #expect(FormCode.normalize(" 0123 4567 89 ") == "0123456789")
        #expect(FormCode.normalize("oOiIlL-0000") == "0011110000")
        #expect(FormCode.normalize("vwxyz-mnpqr") == "VWXYZMNPQR")
    }

    @Test func whatCannotBeACodeIsNil() {
        #expect(FormCode.normalize("ABCDEFGHJ") == nil, "too short")
        #expect(FormCode.normalize("ABCDEFGHJKM") == nil, "too long")
        #expect(FormCode.normalize("ABCDEFGHJU") == nil, "U is not in the alphabet")
        #expect(FormCode.normalize("ABCDEFGHJ_") == nil)
        #expect(FormCode.normalize("ABCDEFGHJ\r\n") == nil)
        #expect(FormCode.normalize("") == nil)
    }

    @Test func nonASCIITextKeepsTheUnicodeRules() {
        // Dotless ı upper-cases to I, a look-alike of 1; a full-width A is no code character.
        #expect(FormCode.normalize("ıbcd-efgh-jk") == "1BCDEFGHJK")
        #expect(FormCode.normalize("ＡBCDEFGHJK") == nil)
        #expect(FormCode.normalize("ABCDEFGHJé") == nil)
    }
}
