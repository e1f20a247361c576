@testable import DebriefApp
import DebriefTestSupport
import Foundation
import InMemoryTracing
import Testing
import Tracing

@Suite("Tracing: the span tree of one submission")
struct TracingTests {
    /// The process-wide tracer, bootstrapped once for the whole test process (swift-distributed-
    /// tracing allows one bootstrap); it records only what a test marks.
    static let recorder: InMemoryTracer = {
        let recorder = InMemoryTracer(recordInjections: false, recordExtractions: false)
        InstrumentationSystem.bootstrap(MarkedTracer(recorder: recorder))
        return recorder
    }()

    @Test func aSubmissionIsOneTreeFromRequestToStatements() async throws {
        let recorder = Self.recorder
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let body = try ParticipantAPI.text(["answers": ParticipantAPI.answers()])
            var marked = InstrumentationContext.topLevel
            marked[RecordedByTest.self] = true
            let reply = try await InstrumentationContext.$current.withValue(marked) {
                try await api.submit(form.code, raw: body, key: "traced")
            }
            #expect(reply.status == .created, "\(reply.text)")

            // The request's span ends when its body is written; the rest end before it. Other
            // suites mark their own trees in the same process-wide recorder (the password reset's
            // statement count): this test's tree is the one whose root is the submission's route.
            func isSubmission(_ span: FinishedInMemorySpan) -> Bool {
                span.parentSpanID == nil && span.operationName == "/v1/f/{code}/responses"
            }
            var spans = recorder.finishedSpans
            for _ in 0..<6_000 where !spans.contains(where: isSubmission) {  // two minutes: only ends a broken run
                try await Task.sleep(for: .milliseconds(20))
                spans = recorder.finishedSpans
            }
            let root = try #require(spans.first(where: isSubmission), "\(spans.map(\.operationName))")
            let tree = spans.filter { $0.traceID == root.traceID }
            #expect(root.kind == .server)
            #expect(root.attributes.get("http.response.status_code") == .int64(201))

            func children(of span: FinishedInMemorySpan) -> [FinishedInMemorySpan] {
                tree.filter { $0.parentSpanID == span.spanID }
            }
            let useCase = try #require(children(of: root).first { $0.operationName == "ParticipantActions.submit" })
            let commit = try #require(children(of: useCase).first { $0.operationName == "SubmissionBatch.commit" })
            #expect(commit.attributes.get("debrief.batch.size") == .int64(1))
            // The group commit is one statement (response, answers and idempotency record at
            // once), named by the store code that runs it.
            let statements = children(of: commit).map(\.operationName)
            #expect(statements == ["query ResponseInsert.run(_:on:)"], "\(statements)")
            // Names carry no values: not the form code, not an answer.
            for span in tree {
                #expect(!span.operationName.contains(form.code))
                #expect(!span.operationName.contains("SELECT") && !span.operationName.contains("INSERT"))
            }
            // Every statement of the request is a client span inside the request's trace.
            #expect(tree.filter { $0.operationName.hasPrefix("query ") }.allSatisfy { $0.kind == .client })
        }
    }
}
