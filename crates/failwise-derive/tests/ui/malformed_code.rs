use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "file-not-found", message = "no file", recovery = "pass --create")]
    FileNotFound,
}

fn main() {}
