//! The line formats' JSON Schemas (`batch::schema::json_schema`, written by
//! `batchlane schema`) held to a standard validator (the `jsonschema`
//! crate, draft 2020-12): each is a valid schema, the result and batch
//! fixtures fit theirs, and on every input line of the fixtures and the
//! real-world corpus the schema and the checker (the line alone, no
//! tokens) agree, but for the lines `tests/fixtures/schema-differences.json`
//! lists with the reason. The wheel's and the npm package's tests hold
//! jsonschema (Python) and ajv (Node) to the same file.

use batchlane_core::batch::schema::{json_schema, json_schema_value, schema_endpoints, SchemaKind};
use batchlane_core::batch::{CheckOptions, Checker, Dialect, NoTokenizer, Severity};
use batchlane_core::facts::Catalog;
use batchlane_core::results::parse_result_line;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn validator(dialect: Dialect, kind: SchemaKind, endpoint: Option<batchlane_core::batch::Endpoint>) -> jsonschema::Validator {
    let schema = json_schema_value(dialect, kind, endpoint).expect("a schema");
    jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("{dialect:?} {kind:?} {endpoint:?}: {e}"))
}

const DIALECTS: [Dialect; 2] = [Dialect::Azure, Dialect::OpenAi];

#[test]
fn every_schema_is_a_valid_2020_12_schema() {
    for d in DIALECTS {
        for k in SchemaKind::ALL {
            let mut scopes = vec![None];
            scopes.extend(schema_endpoints(d).into_iter().map(Some));
            for e in scopes {
                let v = json_schema_value(d, k, e).unwrap();
                assert!(jsonschema::meta::is_valid(&v), "{d:?} {k:?} {e:?} is not a valid schema");
                assert_eq!(v["$schema"], "https://json-schema.org/draft/2020-12/schema");
                // Every $ref names a $defs entry.
                let text = json_schema(d, k, e).unwrap();
                for r in text.split("\"$ref\": \"#/$defs/").skip(1) {
                    let name = &r[..r.find('"').unwrap()];
                    assert!(v["$defs"].get(name).is_some(), "{d:?} {k:?}: $ref to a missing {name}");
                }
                validator(d, k, e);
            }
        }
    }
    // Azure's batch service takes no embeddings: no schema for them.
    assert!(json_schema(Dialect::Azure, SchemaKind::Input, Some(batchlane_core::batch::Endpoint::Embeddings)).is_none());
}

/// Whether the checker gives the line, alone in a file, an error.
fn checker_refuses(line: &[u8], dialect: Dialect) -> bool {
    let o = CheckOptions { dialect, count_tokens: false, ..CheckOptions::default() };
    let c = Catalog::builtin();
    let mut k = Checker::with_tokenizer(o, &c, Box::new(NoTokenizer));
    k.feed(line);
    k.feed(b"\n");
    k.finish().diagnostics.iter().any(|d| d.severity == Severity::Error)
}

/// The input fixtures: the real-world corpus and the batch fixtures, with their dialects.
pub fn input_fixtures() -> Vec<(String, Dialect)> {
    let mut out = Vec::new();
    for (dir, by_prefix) in [("crates/core/tests/fixtures/real", false), ("tests/fixtures/batch", true)] {
        let mut names: Vec<String> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".jsonl") && !n.ends_with(".sources.jsonl"))
            .collect();
        names.sort();
        for n in names {
            let openai = if by_prefix { n.starts_with("openai") } else { n.contains("openai") };
            out.push((format!("{dir}/{n}"), if openai { Dialect::OpenAi } else { Dialect::Azure }));
        }
    }
    out
}

#[test]
fn schema_and_checker_agree_on_every_fixture_line_but_the_listed_ones() {
    let validators = [validator(Dialect::Azure, SchemaKind::Input, None), validator(Dialect::OpenAi, SchemaKind::Input, None)];
    let mut differ = BTreeSet::new();
    let mut lines = 0;
    for (file, dialect) in input_fixtures() {
        let bytes = std::fs::read(root().join(&file)).unwrap();
        for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
            if line.trim_ascii().is_empty() {
                continue;
            }
            lines += 1;
            let refused = checker_refuses(line, dialect);
            let v = &validators[usize::from(dialect == Dialect::OpenAi)];
            let fits = serde_json::from_slice::<Value>(line).is_ok_and(|value| v.is_valid(&value));
            if refused == fits {
                let word = |b: bool| if b { "refuses" } else { "accepts" };
                differ.insert((file.clone(), i as u64 + 1, word(refused).to_string(), word(!fits).to_string()));
            }
        }
    }
    assert!(lines > 300, "{lines} lines");
    let listed: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("crates/core/tests/fixtures/schema-differences.json")).unwrap()).unwrap();
    let listed: BTreeSet<(String, u64, String, String)> = listed["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            assert!(l["reason"].as_str().is_some_and(|r| r.len() > 20), "{l}: say why");
            let s = |k: &str| l[k].as_str().unwrap().to_string();
            (s("file"), l["line"].as_u64().unwrap(), s("checker"), s("schema"))
        })
        .collect();
    let unlisted: Vec<_> = differ.difference(&listed).collect();
    let stale: Vec<_> = listed.difference(&differ).collect();
    assert!(unlisted.is_empty() && stale.is_empty(), "disagreements not listed: {unlisted:#?}\nlisted but agreeing now: {stale:#?}");
}

fn jsonl(path: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn result_and_batch_fixtures_fit_their_schemas() {
    use batchlane_core::batch::Endpoint;
    for d in DIALECTS {
        let (output, error, batch) =
            (validator(d, SchemaKind::Output, None), validator(d, SchemaKind::Error, None), validator(d, SchemaKind::Batch, None));
        for (dir, e) in [("chat", Endpoint::ChatCompletions), ("responses", Endpoint::Responses)] {
            let narrow = validator(d, SchemaKind::Output, Some(e));
            for l in jsonl(&format!("tests/fixtures/results/{dir}/output.jsonl")) {
                assert!(parse_result_line(l.to_string().as_bytes()).is_ok());
                assert!(output.is_valid(&l) && narrow.is_valid(&l), "{d:?} output: {l}");
            }
            for l in jsonl(&format!("tests/fixtures/results/{dir}/errors.jsonl")) {
                assert!(error.is_valid(&l), "{d:?} error: {l}");
            }
            for l in jsonl(&format!("tests/fixtures/results/{dir}/input.jsonl")) {
                assert!(!output.is_valid(&l) && !error.is_valid(&l), "{d:?}: an input line is no result line: {l}");
            }
        }
        let job: Value =
            serde_json::from_str(&std::fs::read_to_string(root().join("tests/fixtures/results/job_completed.json")).unwrap()).unwrap();
        assert!(batch.is_valid(&job));
        // What the readers refuse, the schemas refuse.
        assert!(!batch.is_valid(&json!({"object": "file", "status": "processed"})));
        assert!(!batch.is_valid(&json!({"id": "batch_1"})));
        let success = json!({"custom_id": "a", "response": {"status_code": 200, "body": {"choices": []}}, "error": null});
        assert!(output.is_valid(&success) && !error.is_valid(&success), "a success is no error line");
        for bad in [
            json!({"custom_id": "", "response": {"status_code": 200, "body": {}}}),
            json!({"custom_id": "a", "response": {"status_code": 99999, "body": {}}}),
            json!({"custom_id": "a", "response": {"status_code": "200", "body": {}}}),
            json!({"response": {"status_code": 200, "body": {}}}),
        ] {
            assert!(!output.is_valid(&bad), "{bad}");
        }
        let expired = json!({"custom_id": "a", "response": null, "error": {"code": "batch_expired", "message": "m"}});
        assert!(error.is_valid(&expired) && !output.is_valid(&expired));
        assert!(parse_result_line(expired.to_string().as_bytes()).is_ok());
    }
}
