//! Every string the YAML emitter writes reads back as exactly that string,
//! as a key or a value, whatever it holds: quotes, `{{…}}`, `#`, `: `,
//! newlines, NULs, C1 controls, Hangul, numbers and booleans as text.

use batchlane_core::snippets::yaml::{emit, map, Node};
use proptest::prelude::*;

fn hostile() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("\"".to_string()),
        Just("'".to_string()),
        Just("\\".to_string()),
        Just(": ".to_string()),
        Just(" #".to_string()),
        Just("{{DEPLOYMENT}}".to_string()),
        Just("\n- x".to_string()),
        Just("\r".to_string()),
        Just("\0".to_string()),
        Just("\u{85}\u{9b}\u{2028}\u{feff}\u{202e}".to_string()),
        Just("true".to_string()),
        Just("20".to_string()),
        Just("한국어".to_string()),
        Just("---".to_string()),
        "[ -~]{0,4}",
        any::<char>().prop_map(|c| c.to_string()),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn strings_read_back_exactly(key in hostile(), value in hostile()) {
        prop_assume!(key != "a" && key != "list");
        let doc = map().s("a", value.clone()).s(&key, "k").node("list", Node::List(vec![Node::str(value.clone())])).build();
        let text = emit(&doc);
        let back: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.get("a").and_then(|v| v.as_str()), Some(value.as_str()), "{}", text);
        prop_assert_eq!(back.get(key.as_str()).and_then(|v| v.as_str()), Some("k"), "{}", text);
        prop_assert_eq!(back.get("list").and_then(|l| l.get(0)).and_then(|v| v.as_str()), Some(value.as_str()), "{}", text);
    }
}
