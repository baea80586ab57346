use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "BAD_ARGUMENT", class = "permanent", retry = "yes", message = "bad argument", recovery = "fix --name")]
    BadArgument,
}

fn main() {}
