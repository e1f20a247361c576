import Foundation
import PackagePlugin

/// Finds the numbered migrations in `SQL/` at every build and has ``MigrationEmbedder`` write them
/// into the DebriefSQL module as Swift source (`EmbeddedMigrations.swift`): adding a file to `SQL/`
/// is all a new migration takes, and the binary carries its migrations without a resource bundle.
///
/// Why a plugin and not a resource list in Package.swift: SwiftPM caches the evaluated manifest by
/// its text, so a manifest that listed the folder would miss a new file, and a hand-kept list was
/// one more place to forget; a resource rule for the folder itself is refused, as the folder is
/// also the target's source folder. SwiftPM runs this plugin on every build, so a file added,
/// edited or removed is seen; the file names are the command's arguments, so a new name reruns it.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = target.directoryURL
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) migrations of \(target.name)",
                executable: try context.tool(named: "MigrationEmbedder").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
