# Build: the official Swift image (Debian bookworm) with the headers of the C libraries Debrief
# links: libpq, libqrencode (QR codes) and zlib (their PNG images).
FROM swift:6.2-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpq-dev libqrencode-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Resolve dependencies in their own layer so code changes do not refetch them, at exactly the
# versions pinned in the committed Package.resolved. Resolving keeps each pinned version and
# refreshes its commit id (the pins may have been written against mirrors of the packages, whose
# commit ids differ from upstream; `--force-resolved-versions` here would insist on those ids);
# the diff stops the build if any package or version differs from the pins.
COPY Package.swift Package.resolved ./
COPY SQL ./SQL
RUN grep -E '"(identity|version)"' Package.resolved > /tmp/pinned \
    && swift package resolve \
    && grep -E '"(identity|version)"' Package.resolved | diff -u /tmp/pinned - \
    && rm /tmp/pinned
COPY Sources ./Sources
COPY Tests ./Tests
# --force-resolved-versions: build from the resolved pins, never resolve anew.
RUN swift build -c release --force-resolved-versions --product debrief --static-swift-stdlib \
    && mkdir /staging \
    && cp "$(swift build -c release --show-bin-path)/debrief" /staging/ \
    && cp -R "$(swift build -c release --show-bin-path)"/*.resources /staging/

# Run: a slim Debian with only the shared libraries the binary links, curl for the health check
# (GET /healthz), and PostgreSQL's client programs for `debrief backup` and `debrief restore`
# (pg_dump, pg_restore: bookworm's 15, as the compose file's server).
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpq5 libqrencode4 zlib1g ca-certificates tzdata curl postgresql-client \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 1000 --home-dir /app debrief
WORKDIR /app
# The migrations and OpenAPI document travel as resource bundles next to the binary.
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
