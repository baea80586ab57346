use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "NOT_FOUND", message = "no file", recovery = "pass --create")]
    NoFile,
    #[catalog(code = "NOT_FOUND", message = "no directory", recovery = "pass --parents")]
    NoDirectory,
}

fn main() {}
