import Debrief
import PropertyBased
import Testing

/// A team's accent colour against WCAG 2.x AA (decision 92): 4.5:1 with the text it carries.
@Suite("Accent colour contrast")
struct AccentColourTests {
    @Test func luminanceAndContrastMatchWCAGsWorkedValues() throws {
        let black = try #require(AccentColour(hex: "#000000")), white = try #require(AccentColour(hex: "#FFFFFF"))
        #expect(black.relativeLuminance == 0 && white.relativeLuminance == 1)
        #expect(black.contrast(with: white) == 21)
        // #767676 is the lightest grey that passes on white: 4.54:1; #777777 fails at 4.47:1.
        #expect(AccentColour.ratioText(try #require(AccentColour(hex: "#767676")).contrast(with: white)) == "4.54")
        #expect(AccentColour.ratioText(try #require(AccentColour(hex: "#777777")).contrast(with: white)) == "4.47")
    }

    @Test func theServicesOwnAccentPassesAndAPaleOneIsRefusedWithItsRatio() throws {
        #expect(try AccentColour.read("#0B57D0", field: "accent").description == "#0b57d0")
        do {
            _ = try AccentColour.read("#ffd700", field: "accent")
            Issue.record("gold on white was accepted")
        } catch {
            #expect(error.problems == [FieldProblem(
                path: "accent", message: "has a contrast of 1.27:1 for accent text on a notice; WCAG AA asks at least 4.5:1, so pick a darker colour")])
        }
        // #767676 passes on white but not on the notice's grey.
        #expect((try? AccentColour.read("#767676", field: "accent")) == nil)
        for text in ["0b57d0", "#0b57d", "#0b57d0ff", "#gg0000", "red", ""] {
            #expect(throws: ValidationFailure(FieldProblem(path: "accent", message: "must be a colour written #rrggbb, like #0b57d0"))) {
                try AccentColour.read(text, field: "accent")
            }
        }
    }

    @Test func aColourIsAcceptedExactlyWhenEverySurfaceReachesFourAndAHalf() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...255), Gen.int(in: 0...255), Gen.int(in: 0...255)) { r, g, b in
            let colour = AccentColour(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
            let passes = AccentColour.surfaces.allSatisfy { colour.contrast(with: $0.colour) >= 4.5 }
            #expect(((try? AccentColour.read(colour.description, field: "accent")) != nil) == passes)
            #expect(AccentColour(hex: colour.description.uppercased()) == colour)
        }
    }
}
