//! The guard's work for one failed call, in process: open the store, ask for admission, record
//! the failure (what `failwise run --guard` does once per failing run), with the store in
//! memory (the baseline), in a SQLite file, and in Redis (a `redis-server` started on a free
//! loopback port for the run, when one is on PATH), in the same run.

use std::path::Path;
use std::time::SystemTime;

use criterion::{Criterion, criterion_group, criterion_main};
use failwise::guard::{Admission, Call, Guard, MemoryStore, Policy, Store, StoreSpec};
use failwise::{Code, Envelope, ExitStatus, Verdict};

fn failure() -> Envelope {
    Envelope::draft(
        Code::new("EXIT_3").expect("a code"),
        ExitStatus::new(3).expect("non-zero"),
        "sh: exited 3 for a reason its output does not state in a known form",
    )
    .verdict(Verdict::ambiguous())
    .with_recovery("run `sh` again by hand to find out why it exited 3")
    .expect("a recovery")
}

fn one_call(store: Box<dyn Store>, call: &Call, failure: &Envelope) {
    let policy = Policy {
        repeat_limit: Some(u32::MAX),
        ..Policy::default()
    };
    let guard = Guard::new(store, policy);
    let now = SystemTime::now();
    assert_eq!(guard.admit(call, now).expect("admitted"), Admission::Run);
    guard.record(call, Some(failure), now).expect("recorded");
}

#[path = "shared/redis_server.rs"]
mod redis_server;

use redis_server::RedisServer;

fn guard(c: &mut Criterion) {
    let call = Call::new(&["sh", "-c", "exit 3"], Path::new("/srv"));
    let failure = failure();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let sqlite = StoreSpec::Sqlite(dir.path().join("state.db"));
    let redis = RedisServer::start().map(|r| (StoreSpec::Redis(r.url.clone()), r));
    let mut group = c.benchmark_group("guard");
    group.bench_function("memory", |b| {
        b.iter(|| one_call(Box::new(MemoryStore::new()), &call, &failure));
    });
    group.bench_function("sqlite", |b| {
        b.iter(|| one_call(sqlite.open().expect("opens"), &call, &failure));
    });
    if let Some((spec, _server)) = &redis {
        group.bench_function("redis", |b| {
            b.iter(|| one_call(spec.open().expect("connects"), &call, &failure));
        });
    }
    group.finish();
}

criterion_group!(benches, guard);
criterion_main!(benches);
