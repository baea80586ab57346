use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "QUOTA_EXHAUSTED", class = "precondition_failed",
              message = "the daily quota is spent", recovery = "raise the quota with `app quota raise`")]
    QuotaExhausted { retry_after_ms: u64 },
}

fn main() {}
