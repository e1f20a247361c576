import Foundation
import Logging
import OTel
import ServiceLifecycle
import Tracing

/// Traces leave the process only when the standard OpenTelemetry environment asks for it:
/// `OTEL_TRACES_EXPORTER=otlp` (or `console`), or an OTLP endpoint
/// (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), and not
/// `OTEL_SDK_DISABLED=true`. swift-otel then reads the other `OTEL_*` variables itself (service
/// name, sampler, headers, protocol: OTLP over HTTP with protobuf; this build has no gRPC).
/// Off, every span is swift-distributed-tracing's no-op.
enum TracingBootstrap {
    static var isRequested: Bool {
        // OpenTelemetry's own variables, which swift-otel reads too: not settings of the table.
        func variable(_ name: String) -> String? {
            ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        if variable("OTEL_SDK_DISABLED")?.lowercased() == "true" { return false }
        if let exporter = variable("OTEL_TRACES_EXPORTER")?.lowercased() {
            return exporter == "otlp" || exporter == "console"
        }
        return variable("OTEL_EXPORTER_OTLP_ENDPOINT") != nil || variable("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != nil
    }

    /// Bootstraps the process-wide tracer when requested, and returns the exporter's service (to
    /// run with the application, so spans are flushed on shutdown); nil when tracing stays off.
    static func bootstrap(logger: Logger) throws -> (any Service)? {
        guard self.isRequested else { return nil }
        var configuration = OTel.Configuration.default
        configuration.serviceName = "debrief"
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.enabled = true
        configuration.diagnosticLogger = .custom(logger)
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        InstrumentationSystem.bootstrap(backend.factory)
        logger.info("exporting traces (OpenTelemetry, configured by the OTEL_* environment)")
        return backend.service
    }
}
