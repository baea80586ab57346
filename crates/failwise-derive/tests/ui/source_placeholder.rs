use failwise::Catalog;

#[derive(Debug, Catalog)]
enum AppError {
    #[catalog(code = "READ_FAILED", message = "cannot read {path}: {source}", recovery = "check {path}")]
    ReadFailed { path: String, source: std::io::Error },
}

fn main() {}
