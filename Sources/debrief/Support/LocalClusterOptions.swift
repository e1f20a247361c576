import ArgumentParser

/// `--data-dir` for the commands that borrow the private cluster when no database URL is given
/// (`export`, `admin`, `backup`, `restore`): the same folder rules as `debrief serve`.
struct LocalClusterOptions: ParsableArguments {
    @Option(help: "Folder of the private PostgreSQL cluster used when no database URL is given (the one `debrief serve` uses). Env: DEBRIEF_DATA_DIR. Default: $XDG_DATA_HOME/debrief/postgres or ./.debrief/postgres.")
    var dataDir: String?
}
