//! AWS API errors: the JSON protocols' `{"__type": "<namespace>#<Name>", "message"}` and the
//! XML protocols' `<Error><Code>Name</Code><Message>...</Message></Error>` (read from text by
//! [`from_xml`]). Read-only.
//!
//! Sources: the AWS SDKs and Tools reference guide, "Retry behavior"
//! (<https://docs.aws.amazon.com/sdkref/latest/guide/feature-retry-behavior.html>: the error
//! codes every SDK treats as throttling or transient and retries with backoff), the DynamoDB
//! Developer Guide, "Error handling with DynamoDB"
//! (<https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html>:
//! each error with its HTTP status and "OK to retry?"), and the Smithy AWS JSON 1.0/1.1
//! protocol specifications (the error name is the part of `__type` after `#` and before `:`).
//!
//! # Reading, field by field
//!
//! | AWS | canonical | how |
//! |---|---|---|
//! | `__type` (XML `Code`) | `code`, `source.code` | the name after the namespace (`com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException` → `ConditionalCheckFailedException`) normalized, the name kept; the full `__type` → `params.type` |
//! | the name | `error_class`, `retry` | [`code_verdict`], the rows of `classify/packs/aws-codes.tsv`: the SDKs' throttling codes (`ThrottlingException`, `Throttling`, `TooManyRequestsException`, `ProvisionedThroughputExceededException`, `RequestLimitExceeded`, `SlowDown`, ...) and transient codes (`RequestTimeout`, `InternalError`, `ServiceUnavailable`, ...) → `transient`/`yes`; `TransactionConflictException` → `conflict`/`yes`; `ConditionalCheckFailedException` → `precondition_failed`/`no`; `ResourceInUseException`, `BucketAlreadyExists`, ... → `conflict`/`no`; authentication and authorization codes, an expired token, a quota of the account → `precondition_failed`/`no`; validation and not-found codes → `permanent`/`no`; another name → the response's HTTP status, else `ambiguous`/`unknown` |
//! | `Retry-After` header | `retry_after_ms` | from the context, only with `retry: yes` |
//! | `message` (or `Message`) | `message` | kept; absent → the name |
//! | XML `Type` (`Sender`/`Receiver`), `RequestId` | `params.fault`, `params.request_id` | kept as data |
//! | (none) | `exit`, `recovery` | the context's exit status, else the verdict's default exit (75 for `transient`, 1 otherwise); the verdict's fallback recovery |

use crate::phrase::Phrase;
use serde_json::{Map, Value, json};

use super::Reading;
use crate::code::Code;
use crate::dialect::{Context, Dialect, DialectError, finish, text};
use crate::envelope::Envelope;
use crate::verdict::Verdict;

const D: Dialect = Dialect::Aws;

/// Whether `obj` is an AWS JSON-protocol error: a `__type` string.
pub fn is_error(obj: &Map<String, Value>) -> bool {
    obj.get("__type").is_some_and(Value::is_string)
}

/// The error name of a `__type`: after the last `#`, before any `:`.
pub fn error_name(ty: &str) -> &str {
    let name = ty.rsplit('#').next().unwrap_or(ty);
    name.split(':').next().unwrap_or(name)
}

/// The verdict of an AWS error name: its row of `classify/packs/aws-codes.tsv` (the table the
/// rule packs' `aws` table reads too; see the module docs). A dotted name (SQS's
/// `AWS.SimpleQueueService.NonExistentQueue`, EC2's `InvalidInstanceID.NotFound`) is read whole,
/// else by its last part.
pub fn code_verdict(name: &str) -> Option<Verdict> {
    let table = crate::dialect::named::NamedTable::Aws;
    table
        .get(name)
        .or_else(|| table.get(name.rsplit('.').next().unwrap_or(name)))
        .map(|(_, verdict)| verdict)
}

/// Reads an AWS error; see the module docs for the mapping.
///
/// # Errors
///
/// [`DialectError`] when the record is not an object or `__type` is not a string.
pub fn read(value: &Value, context: &Context) -> Result<Envelope, DialectError> {
    let obj = value
        .as_object()
        .ok_or_else(|| DialectError::new(D, "", Phrase::new("dialect-not-an-object")))?;
    let ty = crate::dialect::required_str(obj, D, "", "__type")?;
    let name = error_name(ty);
    let message = text(obj, "message")
        .or_else(|| text(obj, "Message"))
        .unwrap_or(name);
    let mut draft = Reading {
        dialect: D,
        original: Some(name),
        code: Code::normalize(name, "AWS"),
        message,
        known: code_verdict(name),
        status: None,
        wait_ms: None,
    }
    .draft(context);
    if ty != name {
        draft = draft.param("type", ty);
    }
    for (key, param) in [("Type", "fault"), ("RequestId", "request_id")] {
        if let Some(v) = text(obj, key) {
            draft = draft.param(param, v);
        }
    }
    Ok(finish(draft, None))
}

/// An XML-protocol error (`<Error><Code>..</Code><Message>..</Message></Error>`, bare as S3
/// sends it or inside `<ErrorResponse>`), as the JSON record [`read`] takes; `None` when
/// `text` holds no `<Error>` element with a `<Code>`.
pub fn from_xml(text: &str) -> Option<Value> {
    let start = text.find("<Error>")?;
    let body = &text[start..];
    let body = &body[..body.find("</Error>").map_or(body.len(), |e| e + 8)];
    let element = |tag: &str| -> Option<String> {
        let open = format!("<{tag}>");
        let from = body.find(&open)? + open.len();
        let to = body[from..].find(&format!("</{tag}>"))? + from;
        Some(unescape(body[from..to].trim()))
    };
    let code = element("Code").filter(|c| !c.is_empty())?;
    let mut record = json!({ "__type": code });
    for tag in ["Message", "Type", "RequestId"] {
        if let Some(v) = element(tag) {
            record[if tag == "Message" { "message" } else { tag }] = Value::String(v);
        }
    }
    if record.get("RequestId").is_none()
        && let Some(id) = text.find("<RequestId>").and_then(|at| {
            let rest = &text[at + 11..];
            rest.find("</RequestId>")
                .map(|end| rest[..end].trim().to_owned())
        })
    {
        record["RequestId"] = Value::String(id);
    }
    Some(record)
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Retry;
    use serde_json::json;

    #[test]
    fn the_namespace_is_stripped_and_throttling_is_retried() {
        let body = json!({"__type":"com.amazon.coral.availability#ThrottlingException","message":"Rate exceeded"});
        let envelope = read(&body, &Context::default()).expect("reads");
        assert_eq!(envelope.code().as_str(), "THROTTLING_EXCEPTION");
        assert_eq!(envelope.retry(), Retry::Yes);
        assert_eq!(
            error_name("aws.protocoltests#FooError:http://internal"),
            "FooError"
        );
    }

    #[test]
    fn an_xml_error_reads_like_its_json_form() {
        let xml = "<?xml version=\"1.0\"?>\n<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message><RequestId>R1</RequestId></Error>";
        let value = from_xml(xml).expect("an error");
        let envelope = read(&value, &Context::default()).expect("reads");
        assert_eq!(envelope.code().as_str(), "SLOW_DOWN");
        assert_eq!(envelope.retry(), Retry::Yes);
        assert_eq!(envelope.message(), "Please reduce your request rate.");
        assert_eq!(from_xml("<Error></Error>"), None);
    }
}
