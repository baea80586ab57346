use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "SHARD_MISSING", message = "shard missing", recovery = "run `app repair`", status = "retired")]
    ShardMissing,
}

fn main() {}
