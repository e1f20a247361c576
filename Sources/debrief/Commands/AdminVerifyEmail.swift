import ArgumentParser
import Debrief
import DebriefStore
import Foundation
import Logging

extension Admin {
    /// `debrief admin verify-email --email E`: an admin vouches that the account with this
    /// address holds it (docs/decisions/0054-verified-addresses.md): the way to prove an address
    /// when this server sends no mail, or for a host whose mail does not arrive.
    struct VerifyEmail: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify-email",
            abstract: "Confirm that an account holds its e-mail address (transfers, shares and company sign-in then reach it).")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var cluster: LocalClusterOptions

        @Option(help: "The account's email address.")
        var email: String

        func run() async throws {
            let settings = try self.database.settings(dataDirectory: self.cluster.dataDir)
            let logger = settings.bootstrapLogging(label: "debrief.admin")
            try await CommandRunner.run(logger: logger) { try await self.vouch(settings, logger: logger) }
        }

        private func vouch(_ settings: DatabaseSettings, logger: Logger) async throws {
            guard case .success(let email) = EmailAddress.parse(self.email) else {
                throw CommandFailure.usage("--email: must be a valid email address")
            }
            let found = try await AdminSession.run(settings, logger: logger) { session in
                try await AddressProof.vouch(for: email, on: session.database)
            }
            guard found else { throw CommandFailure.usage("--email: no account has this address") }
            print("\(email.normalized) is confirmed.")
        }
    }
}
