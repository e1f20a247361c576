import ArgumentParser
import Debrief
import DebriefStore
import Foundation
import Logging

/// `debrief admin …`: operator tasks that go straight to the database.
struct Admin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Operator tasks: create hosts and admins, reset passwords, set mail allowances.",
        subcommands: [CreateHost.self, ResetPassword.self, MailAllowance.self, VerifyEmail.self])
}

/// Options shared by the admin subcommands that set a password.
struct PasswordOptions: ParsableArguments {
    @Flag(help: "Read the password from the first line of standard input instead of generating one.")
    var passwordStdin = false

    @Option(name: SettingTable.bcryptCost.longName, help: SettingTable.bcryptCost.argumentHelp)
    var bcryptCost: Int?

    /// The password to set, and whether it was generated (and so must be shown once).
    func password() throws -> (String, generated: Bool) {
        guard self.passwordStdin else {
            return ("dbf-" + SecretToken.newFormCode() + SecretToken.newFormCode(), true)
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CommandFailure.usage("--password-stdin: standard input held no password")
        }
        return (line, false)
    }

    /// `--bcrypt-cost` over `DEBRIEF_BCRYPT_COST` over the default, checked like `serve`'s.
    func hasher() throws(SettingError) -> PasswordHasher {
        let source = SettingsSource(
            flags: [SettingTable.bcryptCost.key: self.bcryptCost.configContent], environment: ProcessInfo.processInfo.environment)
        return PasswordHasher(cost: UInt8(clamping: try source.count(SettingTable.bcryptCost)))
    }
}

extension Admin {
    struct CreateHost: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a host account (or an admin with --admin).")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var cluster: LocalClusterOptions
        @OptionGroup var passwordOptions: PasswordOptions

        @Option(help: "The account's email address.")
        var email: String

        @Option(help: "The name shown to others.")
        var name: String

        @Flag(help: "Make the account an admin, who sees every meeting.")
        var admin = false

        func run() async throws {
            let settings = try self.database.settings(dataDirectory: self.cluster.dataDir)
            let logger = settings.bootstrapLogging(label: "debrief.admin")
            try await CommandRunner.run(logger: logger) { try await self.createHost(settings, logger: logger) }
        }

        private func createHost(_ settings: DatabaseSettings, logger: Logger) async throws {
            let (password, generated) = try self.passwordOptions.password()
            let signUp: SignUp
            switch SignUpInput(email: self.email, password: password, displayName: self.name).validate() {
            case .success(let value): signUp = value
            case .failure(let failure):
                throw CommandFailure.usage(failure.problems.map { "--\(Self.flag(for: $0.path)): \($0.message)" }.joined(separator: "; "))
            }
            let account = try await AdminSession.run(settings, logger: logger) { session in
                try await AccountStore(database: session.database, hasher: try self.passwordOptions.hasher())
                    .create(signUp, role: self.admin ? .admin : .host)
            }
            print("Created \(account.role.rawValue) \(account.email) (id \(account.id.lowercasedText)).")
            if generated { print("Password (shown once): \(password)") }
        }

        static func flag(for path: String) -> String {
            switch path {
            case "displayName": return "name"
            case "password": return "password-stdin"
            default: return path
            }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a new password and sign the account out everywhere.")

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var cluster: LocalClusterOptions
        @OptionGroup var passwordOptions: PasswordOptions

        @Option(help: "The account's email address.")
        var email: String

        func run() async throws {
            let settings = try self.database.settings(dataDirectory: self.cluster.dataDir)
            let logger = settings.bootstrapLogging(label: "debrief.admin")
            try await CommandRunner.run(logger: logger) { try await self.resetPassword(settings, logger: logger) }
        }

        private func resetPassword(_ settings: DatabaseSettings, logger: Logger) async throws {
            guard let email = try? EmailAddress.parse(self.email).get() else {
                throw CommandFailure.usage("--email: must be a valid email address")
            }
            let (password, generated) = try self.passwordOptions.password()
            if let problem = AccountRules.passwordProblem(password) {
                throw CommandFailure.usage("--password-stdin: \(problem)")
            }
            let account = try await AdminSession.run(settings, logger: logger) { session in
                try await AccountStore(database: session.database, hasher: try self.passwordOptions.hasher())
                    .resetPassword(email: email, to: password)
            }
            print("Reset the password of \(account.email); its tokens are revoked.")
            if generated { print("Password (shown once): \(password)") }
        }
    }
}

/// Opens the configured database — or, with none configured, the private cluster `debrief serve`
/// uses (started if needed, and stopped again when no other debrief process uses it) — for one admin action,
/// turns domain errors into usage errors (exit 2), and closes it.
enum AdminSession {
    static func run<Value>(
        _ settings: DatabaseSettings, logger: Logger,
        creation: DatabaseSession.ClusterCreation = .mayCreate, _ body: (DatabaseSession) async throws -> Value
    ) async throws -> Value {
        let session = try await DatabaseSession.open(settings, allowLocalCluster: true, logger: logger, creation: creation)
        do {
            try await session.migrateIfPrivate(logger: logger)
            let value = try await body(session)
            await session.close(logger: logger)
            return value
        } catch let error as DebriefError {
            await session.close(logger: logger)
            throw CommandFailure.usage(error.field.map { "--\($0): \(error.message)" } ?? error.message)
        } catch {
            await session.close(logger: logger)
            throw error
        }
    }
}
