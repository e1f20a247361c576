import Foundation

/// A JSON number the member's type cannot hold, named at its member (issue 67).
///
/// Every number RFC 8259 allows is valid JSON, but `JSONDecoder` reads a number only into its
/// target type, and reports one that type cannot hold — `1e-400` or `1e128` for a `Decimal`,
/// `4.5` or `1e19` for an `Int` — with an error of its own that has no path; the top-level decode
/// turns that into "The given data was not valid JSON" for the whole body. The recording
/// decoder (``KnownMembers``) sees each number asked for, at its path, so it reads each one
/// through ``read(_:at:asDouble:_:)``, which names the member instead: a 422
/// (`answers[0].number: is out of range`), never a 400. Nothing is guessed from the body: the
/// member named is the one the decoder could not read.
enum JSONNumberReading {
    /// `decode()`, or — when the decoder could not represent the number — a `dataCorrupted` error
    /// at `path` saying why. `asDouble` reads the same member as a `Double`, to tell a fraction
    /// given for an integer from a number too large or too small.
    static func read<T>(_ type: T.Type, at path: @autoclosure () -> [any CodingKey], asDouble: () -> Double?, _ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch let error as DecodingError {
            throw error
        } catch {
            throw Self.error(type, at: path(), value: asDouble(), underlying: error)
        }
    }

    /// The error ``read(_:at:asDouble:_:)`` throws: `dataCorrupted` at `path`, saying why.
    static func error(_ type: Any.Type, at path: [any CodingKey], value: Double?, underlying: any Error) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: Self.message(for: type, value), underlyingError: underlying))
    }

    /// "expected an integer" for a fraction given for an integer; "is out of range" for the rest
    /// (beyond the integer's range, or beyond what a `Decimal` holds: about 38 digits with an
    /// exponent from −128 to 127).
    static func message(for type: Any.Type, _ value: Double?) -> String {
        let integer = type is any FixedWidthInteger.Type
        if integer, let value, value.isFinite, value.rounded() != value { return "expected an integer" }
        return "is out of range"
    }
}
