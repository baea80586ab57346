use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "NOT_FOUND", clas = "permanent", message = "no file", recovery = "pass --create")]
    NoFile,
}

fn main() {}
