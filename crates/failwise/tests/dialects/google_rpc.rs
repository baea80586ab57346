//! google-rpc and google-rpc-status: every detail type of `google/rpc/error_details.proto` read
//! into the envelope, the status a writer chooses (`google/rpc/code.proto`'s HTTP mapping), no
//! HTTP status that the record did not have, and params kept whatever their names.

use failwise::dialect::{Context, Dialect, google_rpc};
use failwise::{
    Code, Envelope, ErrorClass, ExitStatus, Provider, ProviderKind, Retry, SourceCode, Verdict,
};
use serde_json::{Value, json};

fn envelope(code: &str, verdict: Verdict, provider: Option<Provider>) -> Envelope {
    let mut draft =
        Envelope::draft(Code::new(code).expect("code"), ExitStatus::FAILURE, "m").verdict(verdict);
    if let Some(p) = provider {
        draft = draft.provider(p);
    }
    draft.with_recovery("do this instead").expect("recovery")
}

fn provider(kind: ProviderKind, status: Option<u16>) -> Option<Provider> {
    Some(Provider { kind, status })
}

/// A record made for this test from the fields `error_details.proto` declares (one detail of
/// each type, in both spellings of their members), not one a service sent.
fn every_detail() -> Value {
    json!({"error": {"code": 429, "message": "quota exceeded", "status": "RESOURCE_EXHAUSTED",
    "details": [
        {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "RATE_LIMIT_EXCEEDED",
         "domain": "example.googleapis.com", "metadata": {"quota_limit": "ReadsPerMinute", "domain": "m"}},
        {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retry_delay": "2.5s"},
        {"@type": "type.googleapis.com/google.rpc.DebugInfo", "stackEntries": ["at f"], "detail": "d"},
        {"@type": "type.googleapis.com/google.rpc.QuotaFailure",
         "violations": [{"subject": "project:1", "quotaId": "ReadsPerMinute", "quotaValue": "60"}]},
        {"@type": "type.googleapis.com/google.rpc.PreconditionFailure",
         "violations": [{"type": "TOS", "subject": "google.com/cloud"}]},
        {"@type": "type.googleapis.com/google.rpc.BadRequest",
         "field_violations": [{"field": "instance.name", "description": "too short"}]},
        {"@type": "type.googleapis.com/google.rpc.RequestInfo", "requestId": "r-1", "servingData": "s"},
        {"@type": "type.googleapis.com/google.rpc.ResourceInfo", "resourceType": "bucket",
         "resourceName": "b-1", "owner": "project:1", "description": "read denied"},
        {"@type": "type.googleapis.com/google.rpc.Help",
         "links": [{"description": "quotas", "url": "https://example.com/q"}, {"url": "https://example.com/r"}]},
        {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "fr-CH", "message": "quota dépassé"},
        {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "SECOND"},
        {"@type": "type.googleapis.com/example.Custom", "x": 1}
    ]}})
}

#[test]
fn every_detail_type_is_read_and_nothing_is_dropped() {
    let e = Dialect::GoogleRpc
        .read(&every_detail(), &Context::default())
        .expect("readable");
    assert_eq!(e.code().as_str(), "RATE_LIMIT_EXCEEDED");
    assert_eq!((e.retry(), e.retry_after_ms()), (Retry::Yes, Some(2500)));
    assert_eq!(e.subject(), Some("b-1"));
    assert_eq!(
        e.location().and_then(|l| l.path.as_deref()),
        Some("instance.name")
    );
    assert_eq!(e.doc_url(), Some("https://example.com/q"));
    let p = e.params();
    assert_eq!(p["quota_limit"], "ReadsPerMinute");
    // ErrorInfo.domain and a metadata key of the same name both stay.
    assert_eq!(
        (&p["domain"], &p["domain_2"]),
        (&json!("example.googleapis.com"), &json!("m"))
    );
    assert_eq!(p["stack_entries"], json!(["at f"]));
    assert_eq!(p["debug_detail"], "d");
    assert_eq!(p["quota_violations"][0]["quotaId"], "ReadsPerMinute");
    assert_eq!(p["precondition_violations"][0]["type"], "TOS");
    assert_eq!(p["field_violations"][0]["description"], "too short");
    assert_eq!(
        (&p["request_id"], &p["serving_data"]),
        (&json!("r-1"), &json!("s"))
    );
    for (param, value) in [
        ("resource_type", "bucket"),
        ("resource_name", "b-1"),
        ("resource_owner", "project:1"),
        ("resource_description", "read denied"),
    ] {
        assert_eq!(p[param], value, "{param}");
    }
    assert_eq!(p["help_links"][1]["url"], "https://example.com/r");
    assert_eq!(p["localized_message"], "quota dépassé");
    assert_eq!(p["localized_message_locale"], "fr-CH");
    assert_eq!(e.lang(), None, "the message is not the localized one");
    let others: Vec<&Value> = p["other_details"]
        .as_array()
        .expect("array")
        .iter()
        .collect();
    assert_eq!(others.len(), 2);
    assert!(others.iter().any(|d| d["reason"] == "SECOND"));
}

#[test]
fn a_localized_message_that_is_the_message_gives_its_language() {
    let record = json!({"code": 5, "message": "não encontrado", "details": [
        {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "pt-BR", "message": "não encontrado"}]});
    assert_eq!(
        failwise::dialect::detect(&record),
        Some(Dialect::GoogleRpcStatus)
    );
    let e = Dialect::GoogleRpcStatus
        .read(&record, &Context::default())
        .expect("readable");
    assert_eq!(e.lang(), Some("pt-BR"));
    assert_eq!(e.code().as_str(), "NOT_FOUND");
}

#[test]
fn a_wait_that_is_no_retry_is_kept_as_a_hint() {
    let record = json!({"error": {"code": 429, "message": "daily limit", "status": "RESOURCE_EXHAUSTED",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "DAILY_LIMIT_EXCEEDED", "domain": "d"},
                    {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "30s"}]}});
    let e = Dialect::GoogleRpc
        .read(&record, &Context::default())
        .expect("readable");
    assert_eq!(e.error_class(), ErrorClass::PreconditionFailed);
    assert_eq!(e.retry_after_ms(), None);
    assert_eq!(e.params()["retry_after_ms_hint"], 30_000);
}

/// Records made for this test with the quota identifiers Google's services send (QuotaFailure
/// `quotaId`s of the Gemini API, Service Infrastructure's ErrorInfo metadata and its fixed
/// message), not records a service sent: a quota that resets on a day, or has a limit of 0, is
/// no retry even with a RetryInfo; a per-minute one is.
#[test]
fn a_calendar_quota_is_no_retry_and_a_rate_limit_is() {
    let read = |details: Value, message: &str| {
        let record = json!({"error": {"code": 429, "message": message, "status": "RESOURCE_EXHAUSTED",
            "details": details}});
        Dialect::GoogleRpc
            .read(&record, &Context::default())
            .expect("readable")
    };
    let violation = |id: &str| {
        json!({"@type": "type.googleapis.com/google.rpc.QuotaFailure",
        "violations": [{"quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests", "quotaId": id}]})
    };
    let retry = json!({"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "47s"});
    let daily = read(
        json!([
            violation("GenerateRequestsPerDayPerProjectPerModel-FreeTier"),
            retry
        ]),
        "You exceeded your current quota",
    );
    assert_eq!(
        (daily.error_class(), daily.retry()),
        (ErrorClass::PreconditionFailed, Retry::No)
    );
    assert_eq!(daily.params()["retry_after_ms_hint"], 47_000);
    assert!(daily.recovery().contains("reset"), "{}", daily.recovery());
    let minute = read(
        json!([
            violation("GenerateRequestsPerMinutePerProjectPerModel-FreeTier"),
            retry
        ]),
        "You exceeded your current quota",
    );
    assert_eq!(
        (minute.retry(), minute.retry_after_ms()),
        (Retry::Yes, Some(47_000))
    );
    let both = read(
        json!([{"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [
        {"quotaId": "GenerateRequestsPerMinutePerProjectPerModel-FreeTier"},
        {"quotaId": "GenerateRequestsPerDayPerProjectPerModel-FreeTier"}]}]),
        "m",
    );
    assert_eq!(both.retry(), Retry::No);
    let zero = read(
        json!([{"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [
        {"quotaId": "GenerateContentInputTokensPerModelPerMinute-FreeTier", "quotaValue": "0"}]}]),
        "m",
    );
    assert_eq!(zero.retry(), Retry::No);
    let info = |limit: &str| {
        json!([{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "RATE_LIMIT_EXCEEDED",
        "domain": "googleapis.com", "metadata": {"quota_limit": limit, "quota_unit": "1/min/{project}"}}])
    };
    assert_eq!(
        read(info("Gemini25ProRequestsPerDayPerUserPerTier"), "m").retry(),
        Retry::No
    );
    assert_eq!(
        read(info("ReadRequestsPerMinutePerProject"), "m").retry(),
        Retry::Yes
    );
    let message = "Quota exceeded for quota metric 'Gemini 2.5 Pro Requests' and limit 'Gemini 2.5 Pro Requests per day per user per tier' of service 'cloudcode-pa.googleapis.com'";
    assert_eq!(read(json!([]), message).retry(), Retry::No);
    let per_minute = "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute' of service 'cloudkms.googleapis.com'";
    assert_eq!(read(json!([]), per_minute).retry(), Retry::Yes);
}

/// A google.rpc.Code number is no HTTP status: a bare Status states one only through the
/// response around it.
#[test]
fn a_bare_status_has_no_http_status_the_record_did_not_have() {
    let record = json!({"code": 4, "message": "deadline", "details": []});
    let alone = Dialect::GoogleRpcStatus
        .read(&record, &Context::default())
        .expect("readable");
    assert_eq!(alone.provider(), None);
    assert_eq!(
        (alone.error_class(), alone.retry()),
        (ErrorClass::Transient, Retry::Unknown)
    );
    let answered = Context {
        http_status: Some(504),
        ..Context::default()
    };
    let e = Dialect::GoogleRpcStatus
        .read(&record, &answered)
        .expect("readable");
    assert_eq!(e.provider().and_then(|p| p.status), Some(504));
}

/// The status a writer chooses, and its HTTP status and number by `google/rpc/code.proto`.
#[test]
fn the_status_follows_the_upstream_then_the_code_then_the_verdict() {
    let cases = [
        (
            envelope(
                "RATE_LIMITED",
                Verdict::transient(),
                provider(ProviderKind::Quota, Some(429)),
            ),
            "RESOURCE_EXHAUSTED",
            429,
            8,
        ),
        (
            envelope(
                "E_X",
                Verdict::permanent(),
                provider(ProviderKind::Refused, Some(404)),
            ),
            "NOT_FOUND",
            404,
            5,
        ),
        (
            envelope(
                "E_X",
                Verdict::transient(),
                provider(ProviderKind::Reported, Some(503)),
            ),
            "UNAVAILABLE",
            503,
            14,
        ),
        (
            envelope(
                "E_X",
                Verdict::transient().effect_unknown(),
                provider(ProviderKind::Silence, Some(504)),
            ),
            "DEADLINE_EXCEEDED",
            504,
            4,
        ),
        (
            envelope(
                "ALREADY_EXISTS",
                Verdict::conflict(),
                provider(ProviderKind::Refused, Some(409)),
            ),
            "ALREADY_EXISTS",
            409,
            6,
        ),
        (
            envelope(
                "E_X",
                Verdict::precondition_failed(),
                provider(ProviderKind::Refused, Some(400)),
            ),
            "FAILED_PRECONDITION",
            400,
            9,
        ),
        // No google.rpc.Code maps to 502: the verdict's name, the upstream's status in metadata.
        (
            envelope(
                "E_X",
                Verdict::transient(),
                provider(ProviderKind::Reported, Some(502)),
            ),
            "UNAVAILABLE",
            503,
            14,
        ),
        // A cut answer is no deadline: no 504 made up for it.
        (
            envelope(
                "E_X",
                Verdict::transient().effect_unknown(),
                provider(ProviderKind::Cut, None),
            ),
            "UNAVAILABLE",
            503,
            14,
        ),
        (
            envelope("E_X", Verdict::transient().effect_unknown(), None),
            "DEADLINE_EXCEEDED",
            504,
            4,
        ),
        (
            envelope(
                "E_X",
                Verdict::ambiguous(),
                provider(ProviderKind::Quota, None),
            ),
            "RESOURCE_EXHAUSTED",
            429,
            8,
        ),
        (
            envelope("PERMISSION_DENIED", Verdict::permanent(), None),
            "PERMISSION_DENIED",
            403,
            7,
        ),
        (
            envelope("E_X", Verdict::permanent(), None),
            "INVALID_ARGUMENT",
            400,
            3,
        ),
        (
            envelope("E_X", Verdict::ambiguous(), None),
            "UNKNOWN",
            500,
            2,
        ),
    ];
    for (e, name, http, number) in cases {
        let written = Dialect::GoogleRpc.write(&e);
        assert_eq!(written["error"]["status"], name, "{written}");
        assert_eq!(written["error"]["code"], http, "{written}");
        assert_eq!(
            Dialect::GoogleRpcStatus.write(&e)["code"],
            number,
            "{written}"
        );
        let back = Dialect::GoogleRpc
            .read(&written, &Context::default())
            .expect("readable");
        assert_eq!(
            back.provider(),
            e.provider(),
            "no status is made up: {written}"
        );
    }
}

#[test]
fn a_param_named_like_a_member_or_off_the_key_rule_is_kept() {
    let e = Envelope::draft(Code::new("X").expect("code"), ExitStatus::FAILURE, "m")
        .param("recovery", "the param")
        .param("UPPER", 1)
        .param("", "empty")
        .with_recovery("the recovery")
        .expect("recovery");
    let written = google_rpc::write_status(&e);
    let info = &written["details"][0];
    assert_eq!(info["reason"], "X_ERROR");
    let metadata = info["metadata"].as_object().expect("metadata");
    assert!(
        metadata.keys().all(|k| google_rpc::is_metadata_key(k)),
        "{written}"
    );
    assert_eq!(metadata["recovery"], "the recovery");
    assert_eq!(metadata["recovery_2"], "the param");
    let back = Dialect::GoogleRpcStatus
        .read(&written, &Context::default())
        .expect("readable");
    assert_eq!(back.recovery(), "the recovery");
    assert_eq!(back.params(), e.params());
    assert_eq!(back.code().as_str(), "X");
    assert_eq!(
        back.source().and_then(|s| s.code.clone()),
        Some(SourceCode::Text("X_ERROR".into()))
    );
}

#[test]
fn a_wait_beyond_a_durations_range_is_clamped_and_read_back_exactly() {
    let wait = (google_rpc::DURATION_MAX_SECONDS + 1) * 1000;
    let e = envelope("BUSY", Verdict::transient().after_ms(wait), None);
    let written = Dialect::GoogleRpc.write(&e);
    let delay = written["error"]["details"]
        .as_array()
        .and_then(|d| d.iter().find_map(|d| d.get("retryDelay")))
        .cloned();
    assert_eq!(delay, Some(json!("315576000000s")));
    let back = Dialect::GoogleRpc
        .read(&written, &Context::default())
        .expect("readable");
    assert_eq!(back.retry_after_ms(), Some(wait));
}

/// A record failwise wrote before ErrorInfo.metadata carried the whole envelope (only
/// `recovery`) is read as any other.
#[test]
fn a_failwise_record_with_only_a_recovery_in_its_metadata_is_read() {
    let record = json!({"error": {"code": 503, "message": "m", "status": "UNAVAILABLE", "details": [
        {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "BUSY", "domain": "failwise",
         "metadata": {"recovery": "wait", "limit": "5"}}]}});
    let e = Dialect::GoogleRpc
        .read(&record, &Context::default())
        .expect("readable");
    assert_eq!((e.code().as_str(), e.recovery()), ("BUSY", "wait"));
    assert_eq!(e.params()["limit"], "5");
    assert_eq!(e.provider().and_then(|p| p.status), Some(503));
}

/// What reading a Google body gave is written back in the detail it came from, shaped to the
/// proto's types.
#[test]
fn the_params_of_a_read_body_are_written_back_as_their_details() {
    let read = Dialect::GoogleRpc
        .read(&every_detail(), &Context::default())
        .expect("readable");
    let written = Dialect::GoogleRpc.write(&read);
    let details = written["error"]["details"].as_array().expect("details");
    let of = |name: &str| {
        details
            .iter()
            .find(|d| d["@type"] == format!("type.googleapis.com/google.rpc.{name}"))
            .unwrap_or_else(|| panic!("no {name} in {written}"))
    };
    assert_eq!(of("QuotaFailure")["violations"][0]["quotaValue"], "60");
    assert_eq!(
        of("PreconditionFailure")["violations"][0]["subject"],
        "google.com/cloud"
    );
    assert_eq!(
        of("BadRequest")["fieldViolations"][0]["field"],
        "instance.name"
    );
    assert_eq!(of("RequestInfo")["requestId"], "r-1");
    assert_eq!(of("ResourceInfo")["owner"], "project:1");
    assert_eq!(of("DebugInfo")["stackEntries"], json!(["at f"]));
    assert_eq!(of("Help")["links"][0]["description"], "quotas");
    assert_eq!(of("LocalizedMessage")["locale"], "fr-CH");
    assert_eq!(written["error"]["status"], "RESOURCE_EXHAUSTED");
    let back = Dialect::GoogleRpc
        .read(&written, &Context::default())
        .expect("readable");
    assert_eq!(back.params(), read.params());
}

/// Each dialect reads the other's form; the source names the dialect it was read as.
#[test]
fn either_dialect_reads_either_form() {
    let e = envelope(
        "RATE_LIMITED",
        Verdict::transient().after_ms(1500),
        provider(ProviderKind::Quota, Some(429)),
    );
    for (written, reader) in [
        (Dialect::GoogleRpcStatus.write(&e), Dialect::GoogleRpc),
        (Dialect::GoogleRpc.write(&e), Dialect::GoogleRpcStatus),
    ] {
        let back = reader
            .read(&written, &Context::default())
            .expect("readable");
        assert_eq!(
            back.source().map(|s| s.dialect.as_str()),
            Some(reader.name())
        );
        let mut read = serde_json::to_value(&back).expect("serializes");
        read.as_object_mut().expect("object").remove("source");
        assert_eq!(read, serde_json::to_value(&e).expect("serializes"));
    }
}

/// The body Drive and Calendar send, with no `status` and the reason only in the legacy
/// `errors` list (google-api-php-client#1778 and MyFlightbookWeb#843 quote them): the reason
/// Google documents decides, so a 403 rate limit is retried and a daily limit is not.
#[test]
fn a_legacy_reason_without_a_status_is_the_code() {
    let rate = json!({"error": {"errors": [{"domain": "usageLimits", "reason": "userRateLimitExceeded",
        "message": "User rate limit exceeded."}], "code": 403, "message": "User rate limit exceeded."}});
    let e = Dialect::GoogleRpc
        .read(&rate, &Context::default())
        .expect("readable");
    assert_eq!(e.code().as_str(), "USER_RATE_LIMIT_EXCEEDED");
    assert_eq!(
        (e.error_class(), e.retry()),
        (ErrorClass::Transient, Retry::Yes)
    );
    assert_eq!(e.provider().and_then(|p| p.status), Some(403));
    let daily = json!({"error": {"errors": [{"domain": "usageLimits", "reason": "dailyLimitExceeded",
        "message": "Daily Limit Exceeded"}], "code": 403, "message": "Daily Limit Exceeded"}});
    let e = Dialect::GoogleRpc
        .read(&daily, &Context::default())
        .expect("readable");
    assert_eq!(e.code().as_str(), "DAILY_LIMIT_EXCEEDED");
    assert_eq!(e.retry(), Retry::No);
    // With a `status`, the status names the failure as before.
    let with_status = json!({"error": {"code": 404, "message": "Method not found.", "errors":
        [{"message": "Method not found.", "domain": "global", "reason": "notFound"}], "status": "NOT_FOUND"}});
    let e = Dialect::GoogleRpc
        .read(&with_status, &Context::default())
        .expect("readable");
    assert_eq!(e.code().as_str(), "NOT_FOUND");
}
