use failwise::Catalog;

#[derive(Catalog)]
#[catalog(tool = "app", ftl = "src/i18n/absent.ftl")]
enum AppError {
    #[catalog(code = "FILE_NOT_FOUND", exit = 4)]
    FileNotFound { path: String },
}

fn main() {}
