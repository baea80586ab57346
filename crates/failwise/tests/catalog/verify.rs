//! Verify commands in catalogs: a derived variant's `verify = "…"` split as a shell splits it
//! at compile time and filled with the variant's fields, the same argv template in the
//! exported file, and a file catalog's `verify` checked by the rules every catalog keeps.

use failwise::catalog::{CatalogError, CatalogFile, lint};
use failwise::{Catalog, Envelope, Params, Retry};
use serde_json::json;

#[derive(Catalog)]
#[catalog(tool = "shop")]
enum ShopError {
    /// The order was sent and no answer came back.
    #[catalog(
        code = "ORDER_UNANSWERED",
        exit = 75,
        class = "transient",
        retry = "unknown",
        message = "no answer about order {order_id} after {attempt} attempts",
        recovery = "run the verify command before placing order {order_id} again",
        verify = "shop order status --id {order_id} 'note: {note}' --attempt={attempt}"
    )]
    OrderUnanswered {
        order_id: String,
        note: String,
        attempt: u32,
    },
    /// The order was refused before anything happened.
    #[catalog(
        code = "ORDER_REFUSED",
        exit = 1,
        message = "order {order_id} refused",
        recovery = "fix order {order_id} and place it again"
    )]
    OrderRefused { order_id: String },
}

fn unanswered() -> ShopError {
    ShopError::OrderUnanswered {
        order_id: "ord 42".into(),
        note: "it's \"late\"".into(),
        attempt: 3,
    }
}

#[test]
fn a_derived_verify_is_the_argv_with_each_field_inside_its_word() {
    let envelope = unanswered().to_envelope();
    assert_eq!(envelope.retry(), Retry::Unknown);
    let argv = envelope.verify().map(|v| v.command().to_vec());
    assert_eq!(
        argv.unwrap_or_default(),
        [
            "shop",
            "order",
            "status",
            "--id",
            "ord 42",
            "note: it's \"late\"",
            "--attempt=3"
        ]
    );
    // The template's words, split when the crate compiled.
    assert_eq!(
        ShopError::CODES[0].verify,
        [
            "shop",
            "order",
            "status",
            "--id",
            "{order_id}",
            "note: {note}",
            "--attempt={attempt}"
        ]
    );
    // A code without one has none.
    let refused = ShopError::OrderRefused {
        order_id: "x".into(),
    }
    .to_envelope();
    assert_eq!(refused.verify(), None);
    assert!(ShopError::CODES[1].verify.is_empty());
    // The line reads back with the same command.
    let back = Envelope::from_json(&envelope.to_json_line()).expect("a valid line");
    assert_eq!(back.verify(), envelope.verify());
}

#[test]
fn the_exported_catalog_keeps_the_template_and_builds_the_same_envelope() {
    let file = ShopError::catalog();
    assert!(file.problems().is_empty(), "{:?}", file.problems());
    let entry = file.entry("ORDER_UNANSWERED").expect("the code");
    assert_eq!(entry.verify, ShopError::CODES[0].verify);
    assert!(file.to_json_pretty().contains(r#""verify": ["#));
    assert_eq!(
        CatalogFile::from_json(&file.to_json_pretty()),
        Ok(file.clone())
    );
    assert_eq!(CatalogFile::from_toml(&file.to_toml()), Ok(file.clone()));
    let params: Params = unanswered().params();
    let from_file = entry.envelope(params, None);
    assert_eq!(from_file.verify(), unanswered().to_envelope().verify());
    // The example gives each placeholder its name in angle brackets.
    let example = entry.example(None, "en").expect("a code in use");
    let argv = example.verify().map(|v| v.command().to_vec());
    assert_eq!(
        argv.unwrap_or_default()[4..],
        ["<order_id>", "note: <note>", "--attempt=<attempt>"]
    );
}

fn catalog(entry: serde_json::Value) -> String {
    let mut e = json!({"code": "APP_LOST", "exit": 75, "error_class": "transient",
        "retry": "unknown", "message": "no answer about {id}", "recovery": "run `app status {id}`",
        "params": ["id"], "doc": "d"});
    if let (Some(obj), Some(more)) = (e.as_object_mut(), entry.as_object()) {
        for (k, v) in more {
            obj.insert(k.clone(), v.clone());
        }
    }
    json!({"tool": "app", "codes": [e]}).to_string()
}

/// The ids of the problems a catalog is refused for.
fn problem_ids(text: &str) -> Vec<String> {
    match CatalogFile::from_json(text) {
        Ok(_) => Vec::new(),
        Err(CatalogError::Invalid(problems)) => problems
            .iter()
            .map(|p| p.phrase().id().to_owned())
            .collect(),
        Err(other) => panic!("{other}"),
    }
}

#[test]
fn a_file_catalog_verify_is_checked_like_the_derives() {
    let ok = catalog(json!({"verify": ["app", "status", "{id}"]}));
    assert_eq!(problem_ids(&ok), Vec::<String>::new());
    let entry = CatalogFile::from_json(&ok).expect("valid").codes[0].clone();
    let mut params = Params::new();
    params.insert("id".into(), "a b".into());
    let envelope = entry.envelope(params, None);
    let argv = envelope.verify().map(|v| v.command().to_vec());
    assert_eq!(argv.unwrap_or_default(), ["app", "status", "a b"]);

    let cases = [
        (
            json!({"retry": "yes", "verify": ["app", "status", "{id}"]}),
            "catalog-problem-verify-retry",
        ),
        (
            json!({"error_class": "permanent", "retry": "no", "verify": ["app"]}),
            "catalog-problem-verify-retry",
        ),
        (
            json!({"verify": ["", "status"]}),
            "catalog-problem-verify-program",
        ),
        (
            json!({"verify": ["app", "{id"]}),
            "catalog-problem-template",
        ),
    ];
    for (changes, id) in cases {
        let text = catalog(changes);
        assert_eq!(problem_ids(&text), [id], "{text}");
    }
}

#[test]
fn a_verify_placeholder_outside_params_is_a_lint_finding() {
    let text = catalog(json!({"verify": ["app", "status", "{order}"]}));
    let file = CatalogFile::from_json(&text).expect("valid");
    let findings = lint::lint(&file);
    let missing: Vec<_> = findings
        .iter()
        .filter(|f| f.rule == lint::Rule::ParamMissing)
        .collect();
    assert_eq!(missing.len(), 1, "{findings:?}");
    assert!(missing[0].detail.contains("order"), "{}", missing[0].detail);
}

#[test]
fn the_references_show_the_verify_template_as_a_command_line() {
    let file = ShopError::catalog();
    let markdown = failwise::catalog::docs::markdown(&file);
    assert!(
        markdown.contains(
            "- **verify:** `shop order status --id {order_id} 'note: {note}' --attempt={attempt}`"
        ),
        "{markdown}"
    );
    let html = failwise::catalog::docs::html(&file);
    assert!(
        html.contains("<code>shop order status --id {order_id} &#39;note: {note}&#39;"),
        "{html}"
    );
}
