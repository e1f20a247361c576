import ArgumentParser

/// `--data-dir` for the commands that borrow the private cluster when no database URL is given
/// (`export`, `admin`, `backup`, `restore`): the same folder rules as `debrief serve`.
struct LocalClusterOptions: ParsableArguments {
    @Option(name: SettingTable.dataDir.longName, help: SettingTable.dataDir.argumentHelp)
    var dataDir: String?
}
