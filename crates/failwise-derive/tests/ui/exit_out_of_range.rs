use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "SUCCESSFUL_FAILURE", exit = 0, message = "no file", recovery = "pass --create")]
    Zero,
    #[catalog(code = "TOO_BIG", exit = 256, message = "too big", recovery = "pass --smaller")]
    TooBig,
}

fn main() {}
