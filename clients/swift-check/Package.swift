// swift-tools-version:6.0
// A client generated from Debrief's OpenAPI document by swift-openapi-generator, and a program that
// runs the API flow through it (scripts/check-client). Not part of the main build: the generator
// and its transport add minutes to a first build, so this package is built only by that script.
import PackageDescription

let package = Package(
    name: "swift-check",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", exact: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "CheckClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // Sources/CheckClient/openapi.yaml is the server's GET /openapi.yaml, written there by
            // scripts/check-client before each build (not committed: the parts in
            // Sources/DebriefHTTP/OpenAPI are the one source).
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        )
    ]
)
