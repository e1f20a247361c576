import Debrief
import Foundation

/// Members from company sign-in (docs/decisions/0093-team-members-from-sign-in.md): which claim
/// of the ID token (or UserInfo) lists the person's groups, and which team and role each group
/// value gives.
public struct ProviderTeams: Sendable, Equatable {
    /// One mapped value: a person whose claim holds `value` is a member of `team` with `role`.
    public struct Mapping: Sendable, Equatable {
        public var value: String
        public var team: UUID
        public var role: TeamRole

        public init(value: String, team: UUID, role: TeamRole) {
            self.value = value
            self.team = team
            self.role = role
        }
    }

    /// The claim's name (`groups`).
    public var claim: String
    public var mappings: [Mapping]

    /// The most values a claim may hold, and the longest value: a bigger claim is refused
    /// (``CompanySignInRefusal/groupsClaimRefused(_:)``) rather than cut, since a cut list would
    /// remove memberships the provider still grants.
    public static let maximumValues = 200
    public static let maximumValueLength = 256

    public init(claim: String, mappings: [Mapping]) {
        self.claim = claim
        self.mappings = mappings
    }

    /// The role in each mapped team the values give: the strongest when several values name one
    /// team. Values no mapping names are ignored.
    public func wanted(for values: [String]) -> [UUID: TeamRole] {
        let present = Set(values)
        var wanted: [UUID: TeamRole] = [:]
        for mapping in self.mappings where present.contains(mapping.value) {
            wanted[mapping.team] = max(wanted[mapping.team] ?? mapping.role, mapping.role)
        }
        return wanted
    }

    /// The claim's values from a decoded JSON value (`JSONSerialization`): a list of strings or a
    /// single string; absent (nil or `null`) is no values, since providers leave the claim out
    /// for a person in no group. Anything else, or too many or too long values, is refused.
    public static func values(ofClaim json: Any?) throws(CompanySignInRefusal) -> [String] {
        let values: [String]
        switch json {
        case nil, is NSNull: return []
        case let single as String: values = [single]
        case let list as [Any]:
            guard list.count <= Self.maximumValues else {
                throw .groupsClaimRefused("more than \(Self.maximumValues) values")
            }
            var strings: [String] = []
            for item in list {
                guard let string = item as? String else { throw .groupsClaimRefused("a value is not a string") }
                strings.append(string)
            }
            values = strings
        default:
            throw .groupsClaimRefused("not a string or a list of strings")
        }
        guard values.allSatisfy({ $0.count <= Self.maximumValueLength }) else {
            throw .groupsClaimRefused("a value is longer than \(Self.maximumValueLength) characters")
        }
        return values
    }

    /// The claim's values in a JSON object's bytes (a JWT's payload, a UserInfo answer); nil
    /// when the object does not have the claim, so UserInfo may still be asked.
    public func values(inJSONObject data: Data) throws(CompanySignInRefusal) -> [String]? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        guard let value = object[self.claim], !(value is NSNull) else { return nil }
        return try Self.values(ofClaim: value)
    }

    /// Reads the setting's text: mappings `VALUE=TEAM-ID:ROLE` separated by `;` or new lines. The
    /// value is everything before the last `=` (group values like LDAP names hold `=` and `,`).
    /// Returns the problem for the setting's error, naming the entry.
    public static func mappings(parsing text: String) -> Result<[Mapping], MappingProblem> {
        var mappings: [Mapping] = []
        let entries = text.split(whereSeparator: { $0 == ";" || $0 == "\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for entry in entries {
            guard let equals = entry.lastIndex(of: "=") else { return .failure(MappingProblem(entry, "has no `=`")) }
            let value = entry[..<equals].trimmingCharacters(in: .whitespaces)
            let target = entry[entry.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false)
            guard !value.isEmpty, value.count <= Self.maximumValueLength else {
                return .failure(MappingProblem(entry, "needs a claim value of 1 to \(Self.maximumValueLength) characters before `=`"))
            }
            guard target.count <= 2, let team = UUID(uuidString: target[0].trimmingCharacters(in: .whitespaces)) else {
                return .failure(MappingProblem(entry, "needs a team id (a UUID) after `=`"))
            }
            let roleName = target.count == 2 ? target[1].trimmingCharacters(in: .whitespaces) : TeamRole.viewer.rawValue
            guard let role = TeamRole(rawValue: roleName) else {
                return .failure(MappingProblem(entry, "has role `\(roleName)`: admin, editor or viewer"))
            }
            guard !mappings.contains(where: { $0.value == value && $0.team == team }) else {
                return .failure(MappingProblem(entry, "maps the same value to the same team twice"))
            }
            mappings.append(Mapping(value: value, team: team, role: role))
        }
        return .success(mappings)
    }

    /// Why a mapping entry was refused.
    public struct MappingProblem: Error, Sendable, Equatable {
        public var entry: String
        public var problem: String

        init(_ entry: String, _ problem: String) {
            self.entry = entry
            self.problem = problem
        }

        public var description: String { "`\(self.entry)` \(self.problem)" }
    }
}
