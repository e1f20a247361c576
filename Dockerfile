# Build: the official Swift image (Debian bookworm) with the headers of the C libraries Debrief
# links: libpq, libqrencode (QR codes) and zlib (their PNG images).
FROM swift:6.2-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpq-dev libqrencode-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Resolve dependencies in their own layer so code changes do not refetch them.
COPY Package.swift ./
COPY SQL ./SQL
RUN swift package resolve
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product debrief --static-swift-stdlib \
    && mkdir /staging \
    && cp "$(swift build -c release --show-bin-path)/debrief" /staging/ \
    && cp -R "$(swift build -c release --show-bin-path)"/*.resources /staging/

# Run: a slim Debian with only the shared libraries the binary links.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpq5 libqrencode4 zlib1g ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 1000 --home-dir /app debrief
WORKDIR /app
# The migrations and OpenAPI document travel as resource bundles next to the binary.
COPY --from=build /staging /app
USER debrief
ENV DEBRIEF_HOST=0.0.0.0 \
    PORT=8080
EXPOSE 8080
ENTRYPOINT ["/app/debrief"]
CMD ["serve"]
