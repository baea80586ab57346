//! `lint`: one case per rule, each finding a stable code.

use failwise::catalog::CatalogFile;
use failwise::catalog::lint::{Rule, lint};

fn catalog(codes: &str) -> CatalogFile {
    CatalogFile::from_json(&format!(r#"{{"tool":"t","codes":[{codes}]}}"#)).unwrap()
}

const GOOD: &str = r#"{"code":"GOOD","exit":1,"error_class":"permanent","retry":"no","message":"good {path}","recovery":"fix {path}","params":["path"],"doc":"d"}"#;

#[test]
fn each_rule_fires_on_its_case() {
    let cases: [(Rule, &str); 7] = [
        (
            Rule::RecoveryNamesNothing,
            r#"{"code":"X","exit":1,"error_class":"permanent","retry":"no","message":"x","recovery":"try harder","doc":"d"}"#,
        ),
        (
            Rule::ParamMissing,
            r#"{"code":"X","exit":1,"error_class":"permanent","retry":"no","message":"x {n}","recovery":"pass --n","doc":"d"}"#,
        ),
        (
            Rule::DuplicateMessage,
            r#"{"code":"X","exit":1,"error_class":"permanent","retry":"no","message":"good {path}","recovery":"fix {path}","params":["path"],"doc":"d"}"#,
        ),
        (
            Rule::ExitSharedAcrossClasses,
            r#"{"code":"X","exit":1,"error_class":"transient","retry":"yes","message":"x","recovery":"pass --x","doc":"d"}"#,
        ),
        (
            Rule::DeprecatedWithoutReplacement,
            r#"{"code":"X","exit":1,"error_class":"permanent","retry":"no","message":"x","recovery":"pass --x","doc":"d","status":"deprecated"}"#,
        ),
        (
            Rule::MessageStyle,
            r#"{"code":"X","exit":1,"error_class":"permanent","retry":"no","message":"X failed.","recovery":"pass --x","doc":"d"}"#,
        ),
        (
            Rule::DocMissing,
            r#"{"code":"X","exit":1,"error_class":"permanent","retry":"no","message":"x","recovery":"pass --x"}"#,
        ),
    ];
    assert!(lint(&catalog(GOOD)).is_empty());
    for (rule, entry) in cases {
        let findings = lint(&catalog(&format!("{GOOD},{entry}")));
        let rules: Vec<Rule> = findings.iter().map(|f| f.rule).collect();
        assert_eq!(rules, [rule], "{entry}");
        assert_eq!(findings[0].code, "X");
    }
}

#[test]
fn retired_codes_are_not_linted() {
    let retired = r#"{"code":"X","exit":1,"error_class":"permanent","retry":"no","message":"X.","recovery":"nothing","status":"retired"}"#;
    assert!(lint(&catalog(&format!("{GOOD},{retired}"))).is_empty());
}
