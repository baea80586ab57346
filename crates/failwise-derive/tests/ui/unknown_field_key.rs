use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "RATE_LIMITED", class = "transient", retry = "yes",
              message = "slow down", recovery = "wait, then send it again")]
    RateLimited {
        #[catalog(wait)]
        wait_ms: u64,
    },
}

fn main() {}
