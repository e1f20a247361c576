import ArgumentParser
import Debrief
import DebriefStore
import Foundation
import Logging

extension Admin {
    /// `debrief admin mail-allowance --email E (--per-day N | --earned)`: an admin raises (or
    /// lowers) one account's daily roster mail allowance, or gives it back to what the account
    /// earns by use (docs/decisions/0056-roster-mail-is-not-a-relay.md).
    struct MailAllowance: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mail-allowance",
            abstract: "Set an account's daily allowance of roster mail, or give it back to what the account earns by use.")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var cluster: LocalClusterOptions

        @Option(help: "The account's email address.")
        var email: String

        @Option(help: "Roster messages the account may write per day (0 stops its roster mail).")
        var perDay: Int?

        @Flag(help: "Clear what an admin set: the account earns its allowance by use again.")
        var earned = false

        func validate() throws {
            guard (self.perDay == nil) != !self.earned else { throw ValidationError("give exactly one of --per-day and --earned") }
            if let perDay = self.perDay, !(0...1_000_000).contains(perDay) {
                throw ValidationError("--per-day: must be a whole number from 0 to 1000000")
            }
        }

        func run() async throws {
            let settings = try self.database.settings(dataDirectory: self.cluster.dataDir)
            let logger = settings.bootstrapLogging(label: "debrief.admin")
            try await CommandRunner.run(logger: logger) { try await self.setAllowance(settings, logger: logger) }
        }

        private func setAllowance(_ settings: DatabaseSettings, logger: Logger) async throws {
            guard let email = try? EmailAddress.parse(self.email).get() else {
                throw CommandFailure.usage("--email: must be a valid email address")
            }
            let found = try await AdminSession.run(settings, logger: logger) { session in
                try await MailOutbox(database: session.database).setRosterAllowance(email: email, perDay: self.perDay)
            }
            guard found else { throw CommandFailure.usage("--email: no account has this address") }
            if let perDay = self.perDay {
                print("\(email.normalized) may write \(perDay) roster messages a day.")
            } else {
                print("\(email.normalized) earns its roster mail allowance by use again.")
            }
        }
    }
}
