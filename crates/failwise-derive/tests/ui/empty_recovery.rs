use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "LOCKED", class = "transient", message = "the store is locked", recovery = "  ")]
    Locked,
}

fn main() {}
