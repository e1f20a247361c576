# Build: the official Swift image (Debian bookworm) with the headers of the C libraries Debrief
# links: libpq, libqrencode (QR codes) and zlib (their PNG images).
FROM swift:6.2-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpq-dev libqrencode-dev libcurl4-openssl-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Resolve dependencies in their own layer so code changes do not refetch them, within the
# versions Package.swift pins (docs/decisions/0039-dependency-versions.md; Package.resolved is
# not committed: its commit ids would be those of the machine that wrote it).
COPY Package.swift ./
COPY SQL ./SQL
COPY Plugins ./Plugins
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
# --force-resolved-versions: build what the layer above resolved, never resolve anew. No compiler
# flags of its own: the same release build as the benchmark (scripts/lib/bench.sh) and
# `DEBRIEF_BUILD=release scripts/serve`; the optimizer workaround lives in Package.swift.
# --static-swift-stdlib only links the runtime in, for the slim image below.
RUN swift build -c release --force-resolved-versions --product debrief --static-swift-stdlib \
    && mkdir /staging \
    && cp "$(swift build -c release --show-bin-path)/debrief" /staging/ \
    && cp -R "$(swift build -c release --show-bin-path)"/*.resources /staging/

# Run: a slim Debian with only the shared libraries the binary links, curl for the health check
# (GET /healthz), and PostgreSQL's client programs for `debrief backup` and `debrief restore`
# (pg_dump, pg_restore: bookworm's 15, as the compose file's server).
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpq5 libqrencode4 libcurl4 zlib1g ca-certificates tzdata publicsuffix curl postgresql-client \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 1000 --home-dir /app debrief
WORKDIR /app
# The OpenAPI document and the pages' templates travel as resource bundles next to the binary
# (the migrations are built into it).
COPY --from=build /staging /app
USER debrief
ENV DEBRIEF_HOST=0.0.0.0 \
    PORT=8080
EXPOSE 8080
# Liveness for `docker run` too (compose repeats it): /healthz answers while the process serves;
# /readyz would mark the container unhealthy during a database outage the pool rides out.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD curl --fail --silent --show-error --max-time 2 --output /dev/null "http://127.0.0.1:${PORT}/healthz" || exit 1
ENTRYPOINT ["/app/debrief"]
CMD ["serve"]
