// `scripts/theme-agreement`: groups each set of the labelled answers with the product's
// `ThemeGrouping` and prints its agreement with the hand labels as a Markdown table.
//
//   ThemeAgreement [--themes] [FILE]   FILE defaults to Tests/Fixtures/themes/labelled-answers.tsv;
//                                      --themes lists each set's themes with their members' labels
//
// Exit codes: 0 printed, 2 the file cannot be read or is malformed.

import Debrief
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let listsThemes = arguments.contains("--themes")
let path = arguments.first { $0 != "--themes" } ?? "Tests/Fixtures/themes/labelled-answers.tsv"
do {
    let sets = try LabelledAnswers.parse(String(contentsOfFile: path, encoding: .utf8))
    if listsThemes {
        for set in sets {
            print(ThemeListing.text(of: set, themes: ThemeGrouping.themes(of: set.answers)) + "\n")
        }
    }
    let report = try AgreementReport(sets: sets) { answers in
        ThemeGrouping.themes(of: answers).map(\.members)
    }
    print(AgreementTable.markdown(report))
} catch {
    FileHandle.standardError.write(Data("theme-agreement: \(path): \(error)\n".utf8))
    exit(2)
}
