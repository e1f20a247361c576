import Debrief
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import PropertyBased
import Testing

/// The precomputed tallies (SQL/0004 + ``ResultTallies``) against an independent count of the
/// same rows in Swift, on randomized forms and answers, with the fold run at random moments and
/// rows inserted in multi-row statements, replaced and deleted.
@Suite("Result tallies: property-based")
struct ResultTallyPropertyTests {
    @Test func talliesEqualARecountOfTheRows() async throws {
        try await TestDatabase.withMigrated { database in
            let host = try await Self.host(database)
            var iteration = 0
            await propertyCheck(
                count: 30,
                input: Gen.int(in: 0...1_000_000).array(of: 1...5),  // questions
                Gen.int(in: 0...1_000_000).array(of: 0...40),  // responses
                Gen.int(in: 0...1_000_000).array(of: 3)  // fold points, edits, deletions
            ) { questionSeeds, responseSeeds, steps in
                iteration += 1
                do {
                    try await Self.check(
                        database: database, host: host, day: iteration,
                        questionSeeds: questionSeeds, responseSeeds: responseSeeds, steps: steps)
                } catch {
                    Issue.record(error)
                }
            }
        }
    }

    // MARK: - One scenario

    static func check(
        database: Database, host: Viewer, day: Int, questionSeeds: [Int], responseSeeds: [Int], steps: [Int]
    ) async throws {
        let questions = questionSeeds.enumerated().map { Self.question(index: $0.offset, seed: $0.element) }
        let end = Date(timeIntervalSince1970: 1_900_000_000 + Double(day) * 86_400)
        let meeting = try await MeetingStore(database: database).create(
            by: host, MeetingDetails(title: "Property \(day)", startsAt: end.addingTimeInterval(-3600), endsAt: end))
        let forms = FormStore(database: database)
        _ = try await forms.saveDraft(meeting: meeting.id, by: host, FormDefinition(title: "Form", questions: questions))
        let form = try await forms.publish(meeting: meeting.id, by: host)

        var responses = responseSeeds.enumerated().map { index, seed in
            Self.response(seed: seed, index: index, questions: questions, end: end)
        }
        let tallies = ResultTallies(database: database)
        // Insert in a few multi-row statements, folding after a random one of them.
        let foldAfter = steps[0] % 4
        for (batch, chunk) in responses.chunked(into: max(1, responses.count / 3 + 1)).enumerated() {
            try await Self.insert(chunk, form: form.id, on: database)
            if batch == foldAfter { try await tallies.fold() }
        }
        try await Self.checkIn(count: steps[1] % 5, form: form, on: database)

        // Replace the answers of some responses and delete others, as edits and deletions do.
        for index in responses.indices where (index + steps[1]) % 5 == 0 {
            responses[index].answers = Self.response(seed: responseSeeds[index] &+ 7, index: index, questions: questions, end: end).answers
            try await database.withTransaction { connection in
                try await connection.execute("DELETE FROM answers WHERE response_id = \(responses[index].id)")
                try await connection.execute(Self.answerInsert([responses[index]], form: form.id))
            }
        }
        let deleted = Set(responses.indices.filter { ($0 + steps[2]) % 7 == 0 }.map { responses[$0].id })
        try await database.execute("DELETE FROM responses WHERE id = ANY(\(Array(deleted)))")
        responses.removeAll { deleted.contains($0.id) }
        if steps[2] % 2 == 0 { try await tallies.fold() }

        let store = ResultsStore(database: database)
        let all = try #require(try await store.counts(meeting: meeting.id, visibleTo: host, filter: ResultsFilter()))
        Self.expect(all, equals: Self.recount(responses, questions: questions, end: end), end: end, checkIns: steps[1] % 5)

        // A filter counts the rows themselves: it must agree with the recount of the same rows.
        let since = end.addingTimeInterval(Double(steps[0] % 600))
        let filtered = try #require(
            try await store.counts(meeting: meeting.id, visibleTo: host, filter: ResultsFilter(since: since)))
        Self.expect(
            filtered, equals: Self.recount(responses.filter { $0.submittedAt >= since }, questions: questions, end: end),
            end: end, checkIns: steps[1] % 5)
        #expect(filtered.allResponses == responses.count)

        // Folding everything changes nothing a reader sees.
        try await tallies.fold()
        #expect(try await tallies.pending() == 0)
        let folded = try #require(try await store.counts(meeting: meeting.id, visibleTo: host, filter: ResultsFilter()))
        Self.expect(folded, equals: Self.recount(responses, questions: questions, end: end), end: end, checkIns: steps[1] % 5)
    }

    // MARK: - The independent count

    struct Recount: Equatable {
        var responses = 0
        var questions: [String: QuestionCounts] = [:]
        var times = ResponseTimes()
    }

    static func recount(_ responses: [GeneratedResponse], questions: [Question], end: Date) -> Recount {
        var recount = Recount(responses: responses.count, times: ResponseTimes(times: responses.map(\.submittedAt)))
        for response in responses {
            for (key, values) in response.answers {
                var counts = recount.questions[key, default: QuestionCounts()]
                counts.respondents += 1
                for value in values {
                    switch value {
                    case .option(let id): counts.optionCounts[id, default: 0] += 1
                    case .other: counts.otherCount += 1
                    case .rating(let rating): counts.ratingCounts[rating, default: 0] += 1
                    case .statement(let statement, let rating): counts.statementCounts[statement, default: [:]][rating, default: 0] += 1
                    case .ranked(let id, let rank):
                        counts.optionCounts[id, default: 0] += 1
                        counts.statementCounts[id, default: [:]][rank, default: 0] += 1
                    case .number(let text), .day(let text, _): counts.valueCounts[text, default: 0] += 1
                    case .text: break
                    }
                }
                recount.questions[key] = counts
            }
        }
        return recount
    }

    static func expect(_ counts: ResultsCounts, equals recount: Recount, end: Date, checkIns: Int) {
        #expect(counts.responses == recount.responses)
        #expect(counts.checkIns == checkIns)
        #expect(counts.times.medianMinutes(after: end) == recount.times.medianMinutes(after: end))
        #expect(counts.times.perMinute.map(\.minute) == recount.times.perMinute.map(\.minute))
        #expect(counts.times.perMinute.map(\.count) == recount.times.perMinute.map(\.count))
        for (key, expected) in recount.questions {
            let actual = counts.questions[key] ?? QuestionCounts()
            #expect(actual.respondents == expected.respondents, "respondents of \(key)")
            #expect(actual.optionCounts == expected.optionCounts, "options of \(key)")
            #expect(actual.otherCount == expected.otherCount, "others of \(key)")
            #expect(actual.ratingCounts == expected.ratingCounts, "ratings of \(key)")
            #expect(actual.statementCounts == expected.statementCounts, "statement ratings of \(key)")
            #expect(actual.valueCounts == expected.valueCounts, "numbers of \(key)")
        }
        let unexpected = counts.questions.filter { recount.questions[$0.key] == nil && $0.value.respondents != 0 }
        #expect(unexpected.isEmpty, "counts for unanswered questions: \(unexpected.keys.sorted())")
    }

    // MARK: - Generated forms and responses

    /// A question of a kind and shape picked by `seed`.
    static func question(index: Int, seed: Int) -> Question {
        let key = QuestionKey(rawValue: "q\(index)")!
        switch seed % 7 {
        case 0:
            let options = (0..<(2 + seed / 3 % 4)).map { ChoiceOption(id: "o\($0)", label: "Option \($0)") }
            let multiple = seed / 12 % 2 == 0
            return Question(
                key: key, prompt: "Choice \(index)",
                body: .choice(ChoiceSpec(options: options, allowsMultiple: multiple, allowsOther: seed / 24 % 2 == 0)))
        case 1:
            let nps = seed / 3 % 2 == 0
            return Question(key: key, prompt: "Rating \(index)", body: .rating(RatingSpec(min: nps ? 0 : 1, max: nps ? 10 : 5)))
        case 2:
            return Question(key: key, prompt: "Text \(index)", body: .shortAnswer(ShortAnswerSpec()))
        case 4:
            let options = (0..<(2 + seed / 5 % 9)).map { ChoiceOption(id: "r\($0)", label: "Option \($0)") }
            return Question(key: key, prompt: "Ranking \(index)", body: .ranking(RankingSpec(options: options)))
        case 5:
            // With and without bounds and a step, so values repeat and some are decimals.
            let bounded = seed / 6 % 2 == 0
            return Question(
                key: key, prompt: "Number \(index)",
                body: .number(NumberSpec(minimum: bounded ? -5 : nil, maximum: bounded ? 5 : nil, step: bounded ? Decimal(string: "0.5") : nil)))
        case 6:
            // With and without bounds, over ten days, so days repeat.
            let bounded = seed / 7 % 2 == 0
            return Question(
                key: key, prompt: "Date \(index)",
                body: .date(DateSpec(earliest: bounded ? DateDay("2026-12-01") : nil, latest: bounded ? DateDay("2026-12-10") : nil)))
        default:
            let statements = (0..<(2 + seed / 4 % 3)).map { GridStatement(key: "s\($0)", label: "Statement \($0)") }
            return Question(key: key, prompt: "Grid \(index)", body: .grid(GridSpec(statements: statements, scale: RatingSpec(min: 1, max: 5))))
        }
    }

    enum Value: Equatable {
        case option(String)
        case other(String)
        case rating(Int)
        case text(String)
        /// A grid statement's rating: one row with its `statement_key`.
        case statement(String, Int)
        /// A ranking's option at its rank (1 = first): `option_id`, `statement_key` and `rating` (SQL/0064).
        case ranked(String, Int)
        /// A number's plain text: `text_value` and `numeric_value` (SQL/0079).
        case number(String)
        /// A date's day: `text_value` its `YYYY-MM-DD`, `numeric_value` its day number (SQL/0079).
        case day(String, Int)
    }

    struct GeneratedResponse {
        var id = UUID()
        var submittedAt: Date
        /// Question key → the answer's rows, in order; questions skipped are absent.
        var answers: [(String, [Value])]
    }

    /// A response whose answers, skips and time are picked by `seed`.
    static func response(seed: Int, index: Int, questions: [Question], end: Date) -> GeneratedResponse {
        var generator = SplitMix(seed: UInt64(seed) &* 31 &+ UInt64(index))
        var answers: [(String, [Value])] = []
        for question in questions where generator.next() % 4 != 0 {
            switch question.body {
            case .choice(let spec):
                var values = spec.options.filter { _ in generator.next() % 3 == 0 }.map { Value.option($0.id) }
                if !spec.allowsMultiple { values = Array(values.prefix(1)) }
                if spec.allowsOther, generator.next() % 4 == 0 { values.append(.other("other \(generator.next() % 5)")) }
                if values.isEmpty { values = [.option(spec.options[Int(generator.next() % UInt64(spec.options.count))].id)] }
                answers.append((question.key.rawValue, values))
            case .rating(let spec):
                let value = spec.min + Int(generator.next() % UInt64(spec.max - spec.min + 1))
                answers.append((question.key.rawValue, [.rating(value)]))
            case .shortAnswer:
                answers.append((question.key.rawValue, [.text("answer \(generator.next() % 10)")]))
            case .grid(let spec):
                // Some statements rated (at least one), in statement order, as the service writes them.
                var values = spec.statements.filter { _ in generator.next() % 3 != 0 }
                    .map { Value.statement($0.key, spec.scale.min + Int(generator.next() % UInt64(spec.scale.max - spec.scale.min + 1))) }
                if values.isEmpty { values = [.statement(spec.statements[0].key, spec.scale.max)] }
                answers.append((question.key.rawValue, values))
            case .ranking(let spec):
                // A full order, shuffled by the generator, in rank order as the service writes it.
                var ids = spec.options.map(\.id)
                for index in ids.indices.reversed() { ids.swapAt(index, Int(generator.next() % UInt64(index + 1))) }
                answers.append((question.key.rawValue, ids.enumerated().map { Value.ranked($0.element, $0.offset + 1) }))
            case .number:
                // −5 to 5 in halves, written plainly as the service writes them.
                let halves = Int(generator.next() % 21) - 10
                answers.append((question.key.rawValue, [.number(NumberSpec.text(Decimal(halves) / 2))]))
            case .date:
                let day = DateDay(number: 20_788 + Int(generator.next() % 10))
                answers.append((question.key.rawValue, [.day(day.text, day.number)]))
            }
        }
        // Up to 20 minutes around the end, to the millisecond: several per second and minute.
        let offset = Double(Int(generator.next() % 1_200_000) - 200_000) / 1000
        return GeneratedResponse(submittedAt: end.addingTimeInterval(offset), answers: answers)
    }

    // MARK: - Writing rows as the service does (the triggers under test see the same statements)

    static func insert(_ responses: [GeneratedResponse], form: UUID, on database: Database) async throws {
        guard !responses.isEmpty else { return }
        try await database.withTransaction { connection in
            try await connection.execute(
                """
                INSERT INTO responses (id, form_id, submitted_at)
                SELECT id, \(form)::uuid, at FROM unnest(\(responses.map(\.id))::uuid[], \(responses.map(\.submittedAt))::timestamptz[]) AS u(id, at)
                """)
            try await connection.execute(Self.answerInsert(responses, form: form))
        }
    }

    static func answerInsert(_ responses: [GeneratedResponse], form: UUID) -> SQLQuery {
        var ids: [UUID] = [], keys: [String] = [], positions: [Int] = []
        var options: [String?] = [], others: [String?] = [], ratings: [Int?] = [], texts: [String?] = [], statements: [String?] = []
        var numbers: [String?] = []
        for response in responses {
            for (key, values) in response.answers {
                for (position, value) in values.enumerated() {
                    ids.append(response.id)
                    keys.append(key)
                    positions.append(position)
                    options.append(nil)
                    others.append(nil)
                    ratings.append(nil)
                    texts.append(nil)
                    statements.append(nil)
                    numbers.append(nil)
                    switch value {
                    case .option(let id): options[options.count - 1] = id
                    case .other(let text): others[others.count - 1] = text
                    case .rating(let rating): ratings[ratings.count - 1] = rating
                    case .text(let text): texts[texts.count - 1] = text
                    case .statement(let key, let rating):
                        statements[statements.count - 1] = key
                        ratings[ratings.count - 1] = rating
                    case .number(let text):
                        texts[texts.count - 1] = text
                        numbers[numbers.count - 1] = text
                    case .day(let text, let number):
                        texts[texts.count - 1] = text
                        numbers[numbers.count - 1] = String(number)
                    case .ranked(let id, let rank):
                        options[options.count - 1] = id
                        statements[statements.count - 1] = id
                        ratings[ratings.count - 1] = rank
                    }
                }
            }
        }
        return """
            INSERT INTO answers (response_id, form_id, question_key, position, option_id, other_text, rating, text_value, statement_key, numeric_value)
            SELECT r, \(form)::uuid, k, p, o, x, g, t, s, n
            FROM unnest(\(ids)::uuid[], \(keys)::text[], \(positions)::smallint[], \(options)::text[], \(others)::text[],
                        \(ratings)::smallint[], \(texts)::text[], \(statements)::text[],
                        \(numbers)::numeric[]) AS u(r, k, p, o, x, g, t, s, n)
            """
    }

    static func checkIn(count: Int, form: StoredForm, on database: Database) async throws {
        for _ in 0..<count {
            try await database.execute(
                "INSERT INTO check_ins (form_id, meeting_id, token_hash) VALUES (\(form.id), \(form.meetingID), \(UUID().uuidString))")
        }
    }

    static func host(_ database: Database) async throws -> Viewer {
        let account = try await AccountStore(database: database, hasher: PasswordHasher(cost: 4)).create(
            SignUp(email: try EmailAddress(parsing: "tallies@example.com"), password: "correct horse battery", displayName: "Host"))
        return Viewer(accountID: account.id, role: .host)
    }
}

/// A small, seedable generator, so one seed always gives one response.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { self.state = seed }
    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Array {
    func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: self.count, by: size).map { Array(self[$0..<Swift.min($0 + size, self.count)]) }
    }
}
