//! Catalog files: JSON and TOML read back, every rule reported, the committed schema.

use failwise::catalog::{CatalogError, CatalogFile, catalog_schema, catalog_schema_text};

use super::{assert_committed, fixture, repo_root};

const ONE: &str = r#"{"tool":"t","codes":[{"code":"A","exit":1,"error_class":"permanent","retry":"no","message":"a {x}","recovery":"pass --x","params":["x"]}]}"#;

#[test]
fn json_and_toml_read_the_same_catalog() {
    let json = CatalogFile::from_json(ONE).unwrap();
    let toml = CatalogFile::from_toml(&json.to_toml()).unwrap();
    assert_eq!(json, toml);
    assert_eq!(
        CatalogFile::from_named("c.toml", &json.to_toml()).unwrap(),
        json
    );
    assert_eq!(CatalogFile::from_named("c.json", ONE).unwrap(), json);
}

#[test]
fn syntax_errors_name_line_and_column() {
    let err = CatalogFile::from_json("{\n  \"tool\": 1\n}").unwrap_err();
    let text = err.to_string();
    assert!(text.contains("line 2"), "{text}");
    let err = CatalogFile::from_toml("tool = \"t\"\ncodes = 3\n").unwrap_err();
    assert!(
        matches!(err, CatalogError::Syntax { format: "TOML", .. }),
        "{err}"
    );
}

#[test]
fn misspelt_keys_are_rejected() {
    let bad = ONE.replace("\"recovery\"", "\"recovry\"");
    let err = CatalogFile::from_json(&bad).unwrap_err().to_string();
    assert!(err.contains("recovry"), "{err}");
}

#[test]
fn every_broken_rule_is_listed() {
    let text = r#"{"tool":"t","codes":[
      {"code":"A","exit":1,"error_class":"permanent","retry":"yes","message":"a","recovery":" "},
      {"code":"A","exit":1,"error_class":"permanent","retry":"no","message":"a {","recovery":"x","params":["Bad","Bad"]},
      {"code":"B","exit":1,"error_class":"permanent","retry":"no","message":"b","recovery":"x","replaced_by":"A"},
      {"code":"C","exit":1,"error_class":"permanent","retry":"no","message":"c","recovery":"x","status":"deprecated","replaced_by":"Z"}
    ]}"#;
    let CatalogError::Invalid(problems) = CatalogFile::from_json(text).unwrap_err() else {
        panic!("expected rule problems");
    };
    let rules: Vec<String> = problems.iter().map(ToString::to_string).collect();
    insta::assert_snapshot!(rules.join("\n"));
}

#[test]
fn the_committed_schema_is_current() {
    assert_committed(
        &repo_root().join("schemas/catalog.v1.schema.json"),
        &catalog_schema_text(),
    );
}

#[test]
fn fixtures_validate_against_the_schema() {
    let validator = jsonschema::validator_for(&catalog_schema()).unwrap();
    for name in ["atomwrite.json", "sqlite-graphrag.json"] {
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
    }
    let bad: serde_json::Value =
        serde_json::from_str(&ONE.replace("\"exit\":1", "\"exit\":0")).unwrap();
    assert!(!validator.is_valid(&bad), "exit 0 must fail the schema");
}

#[test]
fn the_committed_rule_pack_schema_is_current() {
    assert_committed(
        &repo_root().join("schemas/rule-pack.v1.schema.json"),
        &failwise::classify::packs::rule_pack_schema_text(),
    );
}

/// Every built-in pack, read as JSON, is valid against the rule-pack schema, and a pack with
/// an unknown key or a bad stream is not.
#[test]
fn the_built_in_packs_validate_against_the_rule_pack_schema() {
    let validator =
        jsonschema::validator_for(&failwise::classify::packs::rule_pack_schema()).unwrap();
    let dir = repo_root().join("crates/failwise/src/classify/packs");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let pack: toml::Value = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let value = serde_json::to_value(pack).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        let mut bad = value.clone();
        bad["rules"][0]["stream"] = "stdin".into();
        assert!(!validator.is_valid(&bad), "{}", path.display());
        seen += 1;
    }
    assert!(seen >= 25, "{seen} packs");
}
