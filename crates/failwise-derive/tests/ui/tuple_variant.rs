use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "NOT_FOUND", message = "{0} not found", recovery = "check the name")]
    NotFound(String),
}

fn main() {}
