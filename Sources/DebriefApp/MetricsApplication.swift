import DebriefHTTP
import Hummingbird
import Logging
import Prometheus

/// The operators' listener: `GET /metrics` in Prometheus' text format, on an address and port of
/// its own (`--metrics-port`), never on the public port (docs/decisions/0024-metrics.md).
public func buildMetricsApplication(
    registry: PrometheusCollectorRegistry, host: String, port: Int, logger: Logger
) -> some ApplicationProtocol {
    Application(
        router: buildMetricsRouter(registry: registry),
        configuration: .init(address: .hostname(host, port: port), serverName: "Debrief metrics"),
        logger: logger)
}

/// `GET /metrics`: everything `registry` holds, rendered by swift-prometheus.
public func buildMetricsRouter(registry: PrometheusCollectorRegistry) -> Router<BasicRequestContext> {
    let router = Router()
    router.get("metrics") { _, _ -> Response in
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 * 1024)
        registry.emit(into: &bytes)
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
    return router
}
