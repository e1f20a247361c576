import Foundation

extension ExportStore {
    /// How many data rows a CSV `responses` export writes (one per response in its window), for
    /// `debrief export`'s percentage and time left; nil for the other layouts and the workbook,
    /// whose rows no single cheap count gives.
    ///
    /// The privacy rule withholds cells, never a response's row, so the count needs no disclosures.
    public func responseRowCount(_ export: Prepared) async throws -> Int? {
        guard export.request.format == .csv, case .responses(let window) = export.request.layout else { return nil }
        return try await self.reads.database().withConnection { connection in
            try await SubmissionRange.count(meetings: export.meetings, privacy: ExportPrivacy([]), window: window, on: connection)
        }
    }
}
