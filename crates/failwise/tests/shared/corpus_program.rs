//! The program that printed each shell-facing file of the shared corpus, from the corpus's
//! source column: the classifier's rules for a tool (curl, git, npm, ...) key on its name.

/// The program name for corpus file `file` (a path under the corpus root).
pub fn program(file: &str) -> &'static str {
    let name = file.rsplit('/').next().unwrap_or(file);
    let by_prefix = [
        ("cargo", "cargo"),
        ("clap", "mini"),
        ("curl", "curl"),
        ("git", "git"),
        ("npm", "npm"),
        ("pip", "pip"),
        ("sqlite3", "sqlite3"),
        ("sqlite-graphrag", "sqlite-graphrag"),
        ("ssh", "ssh"),
        ("bash", "bash"),
        ("cat", "cat"),
        ("ls", "ls"),
        ("node", "node"),
        ("python", "python3"),
        ("rust", "mini"),
        ("yes", "yes"),
        ("kubectl", "kubectl"),
        ("azure-cli", "az"),
    ];
    by_prefix
        .iter()
        .find(|(prefix, _)| name.starts_with(prefix))
        .map_or("tool", |(_, program)| program)
}
