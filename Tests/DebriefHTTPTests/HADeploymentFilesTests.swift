import Foundation
import Testing
import Yams

/// The HA compose file (docker-compose.ha.yml) and its Patroni and HAProxy configurations, kept
/// honest without a Docker engine: the same choices as `scripts/cluster up --ha` (record 42).
@Suite("docker-compose.ha.yml, Patroni and HAProxy configurations")
struct HADeploymentFilesTests {
    static let root = DeploymentFilesTests.root

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func services() throws -> [String: [String: Any]] {
        let compose = try #require(try Yams.load(yaml: try self.text("docker-compose.ha.yml")) as? [String: Any])
        let services = try #require(compose["services"] as? [String: Any])
        return services.compactMapValues { $0 as? [String: Any] }
    }

    /// A Patroni file's bootstrap DCS settings; node.yml.in's `@NAME@` placeholders read as text.
    func dcs(_ path: String) throws -> [String: Any] {
        let filled = try self.text(path).replacingOccurrences(of: #"@[A-Z_]+@"#, with: "placeholder", options: .regularExpression)
        let config = try #require(try Yams.load(yaml: filled) as? [String: Any])
        let bootstrap = try #require(config["bootstrap"] as? [String: Any])
        return try #require(bootstrap["dcs"] as? [String: Any])
    }

    @Test func threeEtcdMembersFormOneClusterWithTheV2APIPatroniUses() throws {
        let services = try self.services()
        for n in 1...3 {
            let etcd = try #require(services["etcd\(n)"])
            let command = try #require(etcd["command"] as? [String])
            #expect(command.contains("--name=etcd\(n)"))
            #expect(command.contains("--initial-cluster=etcd1=http://etcd1:2380,etcd2=http://etcd2:2380,etcd3=http://etcd3:2380"))
            #expect(command.contains("--enable-v2=true"), "Patroni's `etcd:` section speaks v2")
        }
        let patroni = try #require(try Yams.load(yaml: try self.text("deploy/patroni/compose.yml")) as? [String: Any])
        let etcd = try #require(patroni["etcd"] as? [String: Any])
        #expect(etcd["hosts"] as? String == "etcd1:2379,etcd2:2379,etcd3:2379")
        #expect(patroni["etcd3"] == nil)
    }

    @Test func threePatroniNodesBuiltFromTheirImageNameThemselves() throws {
        let services = try self.services()
        for n in 1...3 {
            let node = try #require(services["pg\(n)"])
            let build = try #require(node["build"] as? [String: Any])
            let context = try #require(build["context"] as? String)
            let dockerfile = try self.text("\(context)/\(build["dockerfile"] as? String ?? "Dockerfile")")
            #expect(dockerfile.contains("patroni") && dockerfile.contains("postgresql-15") && dockerfile.contains("curl"))
            for copied in dockerfile.split(separator: "\n").filter({ $0.hasPrefix("COPY ") }) {
                let source = String(copied.split(separator: " ")[1])
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("\(context)/\(source)").path), "\(source)")
            }
            let environment = try #require(node["environment"] as? [String: Any])
            #expect(environment["PATRONI_NAME"] as? String == "pg\(n)")
            #expect(environment["PATRONI_RESTAPI_CONNECT_ADDRESS"] as? String == "pg\(n):8008")
            #expect(environment["PATRONI_POSTGRESQL_CONNECT_ADDRESS"] as? String == "pg\(n):5432")
            let health = try #require(node["healthcheck"] as? [String: Any])
            #expect((health["test"] as? [String])?.joined(separator: " ").contains("8008/health") == true)
        }
    }

    /// The compose file's Patroni runs with the choices the HA tests exercise on one machine.
    @Test func composeAndScriptedPatroniMakeTheSameChoices() throws {
        let scripted = try self.dcs("deploy/patroni/node.yml.in")
        let composed = try self.dcs("deploy/patroni/compose.yml")
        for key in ["ttl", "loop_wait", "retry_timeout", "synchronous_mode", "synchronous_mode_strict", "failsafe_mode", "maximum_lag_on_failover"] {
            #expect(String(describing: scripted[key] ?? "missing") == String(describing: composed[key] ?? "missing"), "\(key)")
        }
        #expect(scripted["synchronous_mode"] as? Bool == true)
        #expect(scripted["failsafe_mode"] as? Bool == true)
        let postgresql = try #require(scripted["postgresql"] as? [String: Any])
        #expect(postgresql["use_pg_rewind"] as? Bool == true)
        // Patroni's rule for its timeouts.
        let ttl = try #require(scripted["ttl"] as? Int), loopWait = try #require(scripted["loop_wait"] as? Int)
        let retryTimeout = try #require(scripted["retry_timeout"] as? Int)
        #expect(loopWait + 2 * retryTimeout <= ttl)
    }

    /// The instances reach the primary and the replicas through HAProxy's Patroni-checked ports.
    @Test func instancesReachPostgresThroughHAProxysPatroniChecks() throws {
        let services = try self.services()
        let haproxy = try self.text("deploy/haproxy/haproxy-ha.cfg")
        let sections = ("\n" + haproxy).components(separatedBy: "\nlisten ").dropFirst()
        func section(_ name: String) throws -> String {
            try #require(sections.first { $0.hasPrefix(name + "\n") })
        }
        let primary = try section("postgres_primary"), replicas = try section("postgres_replicas")
        #expect(primary.contains("option httpchk GET /primary"))
        #expect(replicas.contains("option httpchk GET /replica"))
        for n in 1...3 {
            #expect(primary.contains("server pg\(n) pg\(n):5432 check port 8008"))
            #expect(replicas.contains("server pg\(n) pg\(n):5432 check port 8008"))
            #expect(haproxy.contains("server debrief\(n) debrief\(n):8080"))
        }
        #expect(haproxy.contains("on-marked-down shutdown-sessions"))
        let primaryPort = try #require(primary.split(separator: "\n").first { $0.contains("bind :") }?.split(separator: ":").last)
        let replicaPort = try #require(replicas.split(separator: "\n").first { $0.contains("bind :") }?.split(separator: ":").last)
        for n in 1...3 {
            let app = try #require(services["debrief\(n)"])
            let environment = try #require(app["environment"] as? [String: Any])
            let databaseURL = try #require(environment["DATABASE_URL"] as? String)
            let replicaURL = try #require(environment["DEBRIEF_REPLICA_URL"] as? String)
            let database = try #require(URLComponents(string: databaseURL))
            let replica = try #require(URLComponents(string: replicaURL))
            #expect(database.host == "haproxy" && database.port == Int(primaryPort))
            #expect(replica.host == "haproxy" && replica.port == Int(replicaPort))
            #expect(environment["DEBRIEF_HOST"] as? String == "0.0.0.0")
        }
        let proxy = try #require(services["haproxy"])
        let volumes = try #require(proxy["volumes"] as? [String])
        #expect(volumes.contains { $0.hasPrefix("./deploy/haproxy/haproxy-ha.cfg:") })
    }
}
