/// The `Content-Security-Policy` values the service sends.
///
/// ``SecurityHeadersMiddleware`` gives every response ``api`` unless the route set its own; the
/// HTML routes set ``page`` (their own stylesheet and inline SVG images, forms posting only to
/// this origin) and the dashboard ``dashboard`` (its one script, which may open the live stream
/// and fetch the panel from this origin). Nothing inline may run anywhere. None of them says who
/// may frame the page: ``FramePolicy`` adds `frame-ancestors` to every response's policy.
public enum ContentSecurityPolicy {
    /// JSON, CSV and event streams: nothing to load.
    public static let api = "default-src 'none'"

    /// Server-rendered pages without script.
    public static let page =
        "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'"

    /// Host pages enhanced by a script of their own (the form builder, the time zone field).
    public static let scripted = page + "; script-src 'self'"

    /// The host's live dashboard: ``page`` plus its own script and same-origin connections.
    public static let dashboard = page + "; script-src 'self'; connect-src 'self'"
}
