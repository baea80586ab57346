use failwise::Catalog;

#[derive(Debug, Catalog)]
enum AppError {
    #[catalog(code = "COPY_FAILED", message = "cannot copy {path}", recovery = "check {path}")]
    CopyFailed {
        path: String,
        #[source]
        read: std::io::Error,
        #[source]
        write: std::io::Error,
    },
}

fn main() {}
