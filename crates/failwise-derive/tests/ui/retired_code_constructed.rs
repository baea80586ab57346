use failwise::{Catalog, Retired};

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "NOT_FOUND", message = "no file", recovery = "pass --create")]
    NotFound,
    #[catalog(code = "SHARD_MISSING", message = "shard missing", recovery = "run `app repair`", status = "retired", replaced_by = "NOT_FOUND")]
    ShardMissing(Retired),
}

fn main() {
    let _ = AppError::NotFound.to_envelope();
    let _ = AppError::ShardMissing(()).to_envelope();
}
