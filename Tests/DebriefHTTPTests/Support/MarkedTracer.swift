import InMemoryTracing
import Tracing

/// Marks the work a test wants traced: spans started under a context carrying it are recorded.
enum RecordedByTest: InstrumentationContextKey {
    typealias Value = Bool
}

/// swift-distributed-tracing's in-memory tracer, recording only spans under a context marked
/// ``RecordedByTest``: the tracer is process-wide, and the suites that run beside a tracing test
/// must neither show up in its trees nor fill memory with spans nobody reads.
struct MarkedTracer: Tracer {
    let recorder: InMemoryTracer

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> InstrumentationContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        let parent = context()
        guard parent[RecordedByTest.self] == true else {
            // Not recorded: a span that goes nowhere when it ends.
            return InMemorySpan(
                operationName: operationName, context: parent,
                spanContext: InMemorySpanContext(traceID: "unrecorded", spanID: "unrecorded", parentSpanID: nil),
                kind: kind, startInstant: instant(), onEnd: { _ in })
        }
        return self.recorder.startSpan(
            operationName, context: parent, ofKind: kind, at: instant(), function: function, file: fileID, line: line)
    }

    func forceFlush() {}

    func inject<Carrier, Inject: Injector>(_ context: InstrumentationContext, into carrier: inout Carrier, using injector: Inject)
    where Carrier == Inject.Carrier {}

    func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout InstrumentationContext, using extractor: Extract)
    where Carrier == Extract.Carrier {}
}
