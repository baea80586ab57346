//! A service's documented error names as data: the tables under `classify/packs/*.tsv` (Redis
//! prefixes, Elasticsearch types, AWS codes, Google reasons, AADSTS codes, Kafka exceptions,
//! AMQP replies), one name a line
//! with its verdict, read by the rule packs' tables and by the vendor dialects alike. It sits
//! in the dialect layer so that a dialect (the aws and google-rpc readers) and the packs above
//! it read one table.

use crate::verdict::Verdict;

/// A table of names a service documents, as data (`packs/<table>.tsv`): one name a line, the
/// name as the service prints it, class, retry and a description, separated by tabs; `#` lines
/// are comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NamedTable {
    /// Redis's error reply prefixes (`packs/redis-prefixes.tsv`: `WRONGTYPE`, `LOADING`, ...,
    /// the `shared.*` replies of `server.c`, `cluster.c` and `script.c`).
    Redis,
    /// Elasticsearch's error types (`packs/elasticsearch-types.tsv`: `es_rejected_execution_exception`,
    /// `index_not_found_exception`, ..., `ElasticsearchException.getExceptionName` of the
    /// exception class).
    Elasticsearch,
    /// AWS error codes (`packs/aws-codes.tsv`: `ThrottlingException`, `NoSuchKey`, ..., the
    /// SDKs' retry classes and the services' documented errors), read by the aws dialect too.
    Aws,
    /// Google API error reasons of the legacy `error.errors[]` list
    /// (`packs/google-reasons.tsv`: `rateLimitExceeded`, `quotaExceeded`, ...), read by the
    /// google-rpc dialect too.
    Google,
    /// Microsoft identity platform error codes (`packs/aadsts-codes.tsv`: `AADSTS50076`,
    /// `AADSTS700082`, ...).
    Aadsts,
    /// Apache Kafka's client exceptions (`packs/kafka-errors.tsv`: the simple names of
    /// `org.apache.kafka.common.errors`, `NotLeaderOrFollowerException`, ..., the classes of
    /// `Errors.java`, retriable when they extend `RetriableException`).
    Kafka,
    /// AMQP 0-9-1's reply codes by name (`packs/amqp-replies.tsv`: `PRECONDITION_FAILED`,
    /// `NOT_FOUND`, ..., the spec's `constant` elements of class soft-error and hard-error),
    /// as RabbitMQ's reply text starts.
    Amqp,
}

impl NamedTable {
    pub(crate) fn text(self) -> &'static str {
        match self {
            Self::Redis => include_str!("../classify/packs/redis-prefixes.tsv"),
            Self::Elasticsearch => include_str!("../classify/packs/elasticsearch-types.tsv"),
            Self::Aws => include_str!("../classify/packs/aws-codes.tsv"),
            Self::Google => include_str!("../classify/packs/google-reasons.tsv"),
            Self::Aadsts => include_str!("../classify/packs/aadsts-codes.tsv"),
            Self::Kafka => include_str!("../classify/packs/kafka-errors.tsv"),
            Self::Amqp => include_str!("../classify/packs/amqp-replies.tsv"),
        }
    }

    /// Every row: name, verdict, description (a row that does not read is left out; a test
    /// reads every row).
    pub fn rows(self) -> impl Iterator<Item = (&'static str, Verdict, &'static str)> {
        self.text().lines().filter_map(|line| {
            if line.starts_with('#') {
                return None;
            }
            let (name, rest) = line.split_once('\t')?;
            let (verdict, description) = verdict_columns(rest)?;
            Some((name, verdict, description))
        })
    }

    /// The row of `name` (matched exactly, as the service spells it): its name and verdict.
    /// AMQP's names are read with `-` as `_` too (amqplib prints `PRECONDITION-FAILED`).
    pub fn get(self, name: &str) -> Option<(&'static str, Verdict)> {
        let name = name.trim();
        let amqp = self == Self::Amqp;
        self.rows()
            .find(|row| row.0 == name || (amqp && row.0 == name.replace('-', "_")))
            .map(|(name, verdict, _)| (name, verdict))
    }
}

/// The class, retry and description columns of a table's row.
fn verdict_columns(rest: &'static str) -> Option<(Verdict, &'static str)> {
    let mut cols = rest.split('\t');
    let class = crate::verdict::ErrorClass::parse(cols.next()?)?;
    let retry = match cols.next()? {
        "yes" => crate::verdict::Retry::Yes,
        "no" => crate::verdict::Retry::No,
        "unknown" => crate::verdict::Retry::Unknown,
        _ => return None,
    };
    let verdict = Verdict::new(class, retry).ok()?;
    Some((verdict, cols.next().unwrap_or_default()))
}
