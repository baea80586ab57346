//! Verify commands through the binary: `explain` shows a derived code's verify template (text
//! and `--json`), `catalog lint` refuses a catalog whose verify sits on a code that is not
//! effect-unknown, and `normalize` writes an envelope's verify back as it read it.

use failwise::Catalog;

use crate::support::{envelope, failwise};

/// A tool's catalog declared with the derive, exported as its catalog file is.
#[derive(Catalog)]
#[catalog(tool = "shop")]
#[allow(dead_code, reason = "only the catalog is used here")]
enum ShopError {
    /// The order was sent and no answer came back.
    #[catalog(
        code = "ORDER_UNANSWERED",
        exit = 75,
        class = "transient",
        retry = "unknown",
        message = "no answer about order {order_id}",
        recovery = "run the verify command before placing order {order_id} again",
        verify = "shop order status --id {order_id} 'note: {note}'"
    )]
    OrderUnanswered { order_id: String, note: String },
}

fn exported(dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("shop.json");
    std::fs::write(&path, ShopError::catalog().to_json_pretty()).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn explain_shows_a_derived_codes_verify_template() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = exported(&dir);
    let text = failwise(&["explain", "ORDER_UNANSWERED", "--catalog", &catalog]);
    assert_eq!(text.status, 0, "{}", text.stderr);
    let line = text
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("verify"))
        .unwrap_or_default();
    insta::assert_snapshot!(line, @"  verify       shop order status --id {order_id} 'note: {note}'");
    let pt = failwise(&[
        "--lang",
        "pt-BR",
        "explain",
        "ORDER_UNANSWERED",
        "--catalog",
        &catalog,
    ]);
    assert!(
        pt.stdout
            .contains("verificação      shop order status --id {order_id} 'note: {note}'"),
        "{}",
        pt.stdout
    );
    let json = failwise(&[
        "explain",
        "ORDER_UNANSWERED",
        "--catalog",
        &catalog,
        "--json",
    ]);
    let record: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(
        record["verify"],
        serde_json::json!([
            "shop",
            "order",
            "status",
            "--id",
            "{order_id}",
            "note: {note}"
        ])
    );
}

#[test]
fn catalog_lint_refuses_a_verify_on_a_code_that_is_not_effect_unknown() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("app.json");
    std::fs::write(
        &path,
        r#"{"tool":"app","codes":[{"code":"APP_REFUSED","exit":1,"error_class":"permanent",
        "retry":"no","message":"refused {id}","recovery":"run `app retry {id}`","params":["id"],
        "doc":"d","verify":["app","status","{id}"]}]}"#,
    )
    .unwrap();
    let run = failwise(&["catalog", "lint", &path.to_string_lossy(), "--json"]);
    assert_ne!(run.status, 0, "{}", run.stdout);
    let e = envelope(run.stdout.lines().last().unwrap_or_default());
    assert_eq!(e["code"], "CATALOG_INVALID", "{e}");
    assert!(
        run.stdout.contains("verify on a code whose retry is no"),
        "{}",
        run.stdout
    );
    // The same entry with retry unknown passes.
    let fixed = std::fs::read_to_string(&path)
        .unwrap()
        .replace(
            r#""error_class":"permanent""#,
            r#""error_class":"ambiguous""#,
        )
        .replace(r#""retry":"no""#, r#""retry":"unknown""#);
    std::fs::write(&path, fixed).unwrap();
    let run = failwise(&["catalog", "lint", &path.to_string_lossy()]);
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
}

/// An effect-unknown envelope with a verify command, normalized into each form that carries
/// the whole envelope and back to the canonical one, keeps the command word for word.
#[test]
fn normalize_carries_a_verify_command_through_the_open_forms() {
    let line = r#"{"error":true,"code":"DEADLINE_EXCEEDED","exit":75,"message":"no answer within 30 s","error_class":"transient","retry":"unknown","retryable":false,"recovery":"run the verify command before placing the order again","verify":{"command":["shop","order","status","ord 42"]}}"#;
    for form in ["problem+json", "json-rpc", "mcp-tool-result", "google-rpc"] {
        let there = crate::support::failwise_stdin(&["normalize", "--to", form], line);
        assert_eq!(there.status, 0, "{form}: {}", there.stderr);
        let back =
            crate::support::failwise_stdin(&["normalize", "--to", "failwise"], &there.stdout);
        assert_eq!(back.status, 0, "{form}: {}", back.stderr);
        let e = envelope(back.stdout.trim());
        assert_eq!(
            e["verify"],
            serde_json::json!({"command": ["shop", "order", "status", "ord 42"]}),
            "{form}: {}",
            there.stdout
        );
    }
}
