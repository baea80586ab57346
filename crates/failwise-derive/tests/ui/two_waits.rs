use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "RATE_LIMITED", class = "transient", retry = "yes",
              message = "slow down", recovery = "wait retry_after_ms, then send it again")]
    RateLimited {
        retry_after_ms: u64,
        #[catalog(retry_after)]
        backoff: std::time::Duration,
    },
}

fn main() {}
