//! `diff`: one case for every breaking and every compatible kind of change.

use failwise::catalog::CatalogFile;
use failwise::catalog::diff::{ChangeKind, diff};
use serde_json::{Value, json};

fn base() -> Value {
    json!({"tool": "t", "codes": [
        {"code": "A", "exit": 4, "error_class": "conflict", "retry": "no", "message": "a {x}",
         "recovery": "pass --x", "params": ["x"], "doc": "d", "since": "1.0",
         "translations": {"pt-BR": {"message": "a {x}", "recovery": "passe --x"}}},
        {"code": "B", "exit": 5, "error_class": "permanent", "retry": "no", "message": "b",
         "recovery": "pass --b"},
        {"code": "R", "exit": 6, "error_class": "permanent", "retry": "no", "message": "r",
         "recovery": "pass --r", "status": "retired"}
    ]})
}

/// One change to apply to the base catalog.
type Edit = Box<dyn FnOnce(&mut Value)>;

fn file(v: &Value) -> CatalogFile {
    CatalogFile::from_json(&v.to_string()).unwrap()
}

/// Applies `edit` to a copy of the base and returns the kinds of the changes found.
fn kinds(edit: impl FnOnce(&mut Value)) -> Vec<ChangeKind> {
    let mut new = base();
    edit(&mut new);
    diff(&file(&base()), &file(&new))
        .iter()
        .map(|c| c.kind)
        .collect()
}

fn a(v: &mut Value) -> &mut Value {
    &mut v["codes"][0]
}

#[test]
fn identical_catalogs_have_no_changes() {
    assert!(kinds(|_| {}).is_empty());
}

#[test]
fn breaking_kinds() {
    use ChangeKind::*;
    let cases: Vec<(ChangeKind, Edit)> = vec![
        (
            CodeRemoved,
            Box::new(|v| {
                v["codes"].as_array_mut().unwrap().remove(1);
            }),
        ),
        (
            CodeRenamed,
            Box::new(|v| v["codes"][1]["code"] = json!("B2")),
        ),
        (ExitChanged, Box::new(|v| a(v)["exit"] = json!(9))),
        (
            ClassStricter,
            Box::new(|v| a(v)["error_class"] = json!("permanent")),
        ),
        (RetryLoosened, Box::new(|v| a(v)["retry"] = json!("yes"))),
        (
            ParamRemoved,
            Box::new(|v| {
                a(v)["params"] = json!([]);
                a(v)["message"] = json!("a");
                a(v)["translations"]["pt-BR"]["message"] = json!("a {x}");
            }),
        ),
        (
            RetiredCodeReused,
            Box::new(|v| v["codes"][2]["status"] = json!("stable")),
        ),
    ];
    for (kind, edit) in cases {
        assert!(kind.is_breaking());
        let found = kinds(edit);
        assert!(found.contains(&kind), "{kind:?}: {found:?}");
        assert!(
            found.iter().all(|k| *k == kind || !k.is_breaking()),
            "{kind:?} came with other breaking kinds: {found:?}"
        );
    }
}

#[test]
fn compatible_kinds() {
    use ChangeKind::*;
    let cases: Vec<(ChangeKind, Edit)> = vec![
        (
            CodeAdded,
            Box::new(|v| {
                v["codes"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"code": "C", "exit": 7,
                "error_class": "transient", "retry": "yes", "message": "c", "recovery": "wait"}));
            }),
        ),
        (ParamAdded, Box::new(|v| a(v)["params"] = json!(["x", "y"]))),
        (
            TranslationAdded,
            Box::new(|v| a(v)["translations"]["es"] = json!({"message": "a", "recovery": "r"})),
        ),
        (
            TranslationChanged,
            Box::new(|v| a(v)["translations"]["pt-BR"]["recovery"] = json!("use --x")),
        ),
        (DocChanged, Box::new(|v| a(v)["doc"] = json!("better docs"))),
        (
            MessageChanged,
            Box::new(|v| a(v)["message"] = json!("a changed {x}")),
        ),
        (
            RecoveryChanged,
            Box::new(|v| a(v)["recovery"] = json!("pass --x=1")),
        ),
        (
            ClassLooser,
            Box::new(|v| {
                a(v)["error_class"] = json!("transient");
                a(v)["retry"] = json!("unknown");
            }),
        ),
        (
            RetryChanged,
            Box::new(|v| {
                v["codes"][1]["error_class"] = json!("ambiguous");
                v["codes"][1]["retry"] = json!("unknown");
            }),
        ),
        (
            StatusChanged,
            Box::new(|v| {
                a(v)["status"] = json!("deprecated");
                a(v)["replaced_by"] = json!("B");
            }),
        ),
        (SinceChanged, Box::new(|v| a(v)["since"] = json!("0.9"))),
    ];
    for (kind, edit) in cases {
        assert!(!kind.is_breaking());
        let found = kinds(edit);
        assert!(found.contains(&kind), "{kind:?}: {found:?}");
        assert!(
            found.iter().all(|k| !k.is_breaking()),
            "{kind:?}: {found:?}"
        );
    }
}

#[test]
fn retiring_a_code_is_compatible_and_removing_a_retired_one_is_not() {
    let retire = kinds(|v| v["codes"][1]["status"] = json!("retired"));
    assert_eq!(retire, [ChangeKind::StatusChanged]);
    let remove = kinds(|v| {
        v["codes"].as_array_mut().unwrap().remove(2);
    });
    assert_eq!(remove, [ChangeKind::CodeRemoved]);
}
