import Metrics
import Prometheus

/// swift-metrics' factory over a Prometheus registry that registers every metric with its
/// `# HELP` text from ``MetricHelp``. swift-prometheus' own `PrometheusMetricsFactory` registers
/// each one with empty help (no `# HELP` line), and its registry stops the process when one name
/// is registered twice with different help: so the text comes from one table, the same at every
/// registration. Buckets and unregistering are swift-prometheus' own.
public struct DescribedMetricsFactory: MetricsFactory {
    public let registry: PrometheusCollectorRegistry
    /// swift-prometheus' factory over the same registry: its default buckets, and its way of
    /// unregistering a handler.
    private let prometheus: PrometheusMetricsFactory

    public init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        self.prometheus = PrometheusMetricsFactory(registry: registry)
    }

    public func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        self.registry.makeCounter(descriptor: Self.descriptor(label), labels: dimensions)
    }

    public func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        self.registry.makeCounter(descriptor: Self.descriptor(label), labels: dimensions)
    }

    public func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return self.registry.makeGauge(descriptor: Self.descriptor(label), labels: dimensions) }
        return self.registry.makeValueHistogram(
            descriptor: Self.descriptor(label), labels: dimensions, buckets: self.prometheus.defaultValueHistogramBuckets)
    }

    public func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        self.registry.makeGauge(descriptor: Self.descriptor(label), labels: dimensions)
    }

    public func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        self.registry.makeDurationHistogram(
            descriptor: Self.descriptor(label), labels: dimensions, buckets: self.prometheus.defaultDurationHistogramBuckets)
    }

    /// The whole label is the metric's name (no namespace or unit parts to join); its help from
    /// the one table.
    private static func descriptor(_ label: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: label, unitName: "", helpText: MetricHelp.text(for: label))
    }

    public func destroyCounter(_ handler: any CounterHandler) { self.prometheus.destroyCounter(handler) }
    public func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) { self.prometheus.destroyFloatingPointCounter(handler) }
    public func destroyRecorder(_ handler: any RecorderHandler) { self.prometheus.destroyRecorder(handler) }
    public func destroyMeter(_ handler: any MeterHandler) { self.prometheus.destroyMeter(handler) }
    public func destroyTimer(_ handler: any TimerHandler) { self.prometheus.destroyTimer(handler) }
}
