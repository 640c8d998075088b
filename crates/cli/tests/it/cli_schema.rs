//! `batchlane schema`: the core's JSON Schema of each line format, the
//! flags as the help says, and usage errors with exit 2.

use batchlane_core::batch::schema::{json_schema, SchemaKind};
use batchlane_core::batch::{Dialect, Endpoint};
use serde_json::Value;

fn schema(args: &[&str]) -> (i32, String, String) {
    let mut argv = vec!["schema".to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = batchlane_cli::run(&argv, &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

#[test]
fn every_dialect_and_kind_writes_the_cores_schema() {
    for (d, dialect) in [("azure", Dialect::Azure), ("openai", Dialect::OpenAi)] {
        for kind in SchemaKind::ALL {
            let (code, out, err) = schema(&["--dialect", d, "--kind", kind.name()]);
            assert_eq!(code, 0, "{err}");
            assert_eq!(out, format!("{}\n", json_schema(dialect, kind, None).unwrap()));
            let v: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["$schema"], "https://json-schema.org/draft/2020-12/schema");
            assert!(v["title"].as_str().unwrap().contains(d), "{}", v["title"]);
        }
    }
    // The defaults: azure, input.
    assert_eq!(schema(&[]).1, format!("{}\n", json_schema(Dialect::Azure, SchemaKind::Input, None).unwrap()));
    let (code, out, _) = schema(&["--dialect", "openai", "--endpoint", "/v1/embeddings"]);
    assert_eq!(code, 0);
    assert_eq!(out, format!("{}\n", json_schema(Dialect::OpenAi, SchemaKind::Input, Some(Endpoint::Embeddings)).unwrap()));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["properties"]["url"]["enum"], serde_json::json!(["/v1/embeddings"]));
}

#[test]
fn usage_errors_exit_2_and_say_why() {
    for (args, says) in [
        (&["--kind", "nope"][..], "unknown kind 'nope'"),
        (&["--dialect", "google"][..], "unknown dialect 'google'"),
        (&["--endpoint", "/v1/embeddings"][..], "does not take '/v1/embeddings'"),
        (&["--endpoint", "/v2/x", "--dialect", "openai"][..], "does not take '/v2/x'"),
        (&["--kind"][..], "--kind needs a value"),
        (&["extra"][..], "unexpected argument 'extra'"),
    ] {
        let (code, out, err) = schema(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let (code, out, _) = schema(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--kind"));
}
