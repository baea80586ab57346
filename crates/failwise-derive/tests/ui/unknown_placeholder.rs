use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "FILE_NOT_FOUND", exit = 4, message = "file {pth} not found", recovery = "create {path}")]
    FileNotFound { path: String },
}

fn main() {}
