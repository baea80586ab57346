use failwise::Catalog;

// The path is relative to the crate trybuild builds, under target/tests/trybuild/.
#[derive(Catalog)]
#[catalog(tool = "app", ftl = "../../../../crates/failwise-derive/tests/ui/ftl_unparsable.ftl")]
enum AppError {
    #[catalog(code = "FILE_NOT_FOUND", exit = 4)]
    FileNotFound { path: String },
}

fn main() {}
