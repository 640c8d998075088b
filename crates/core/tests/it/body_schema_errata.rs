//! The body schemas against the vendors' own words, where the specs and
//! the services differ: the errata (`gen/patches.rs`) and the generator's
//! semantics each answer for, Azure judged by its own v1 spec, every OpenAI
//! batch endpoint, lengths and patterns in the services' words, hostile
//! strings. (`body_schema.rs`: the generated tables themselves, each
//! constraint met and broken, the model rules.)

use super::body_schema::schema_finding;
use batchlane_core::batch::schema::{self, gen, Node, Table};
use batchlane_core::batch::{check_line, check_line_fast, Code, Dialect, Findings, LineRef};
use batchlane_core::facts::Catalog;
use serde_json::{json, Value};
use std::path::Path;

/// Each request line's errors but the cross-field rules' (their own tests,
/// `batch_cross_field.rs`): (code, param, message), and whether the fast
/// path took it (a line the cross-field rules may read is handed to the
/// slow path, whose answer is then the fast path's, as in `both_paths`).
fn errors_of(line: &str, dialect: Dialect) -> (Vec<(String, Option<String>, String)>, bool) {
    let c = Catalog::builtin();
    let r = LineRef { number: 1, start: 0, bytes: line.as_bytes() };
    let mut out = Findings::new(64);
    check_line(r, dialect, &c, &mut out);
    let errors: Vec<_> = out
        .list()
        .iter()
        .filter(|d| d.severity == batchlane_core::batch::Severity::Error)
        .filter(schema_finding)
        .map(|d| (d.code.as_str().to_string(), d.param.clone(), d.message.clone()))
        .collect();
    let legacy_effort = dialect == Dialect::Azure && line.contains("\"/chat/completions\"") && line.contains("\"reasoning_effort\"");
    let handed = legacy_effort
        || ["\"tool", "\"function_call", "\"response_format\"", "\"text\"", "\"stream_options\""].iter().any(|n| line.contains(n));
    let fast = check_line_fast(r, dialect, &c, &mut Findings::new(64)).is_some() || (handed && errors.is_empty());
    (errors, fast)
}

fn req(url: &str, body: &str) -> String {
    format!(r#"{{"custom_id": "r1", "method": "POST", "url": "{url}", "body": {body}}}"#)
}

/// Structured outputs as Azure's batch how-to writes them
/// (`json_schema: {name, strict, schema}`): the 2024-10-21 spec they were
/// judged by required a `type` inside json_schema that it never defined
/// (the lint below refuses such a spec); Azure's v1 spec requires only the name.
#[test]
fn azure_structured_outputs_as_azure_documents_them_pass() {
    let body = r#"{"model": "gpt-4o-mini-batch", "messages": [{"role": "system", "content": "Extract the event information."}, {"role": "user", "content": "Alice and Bob are going to a science fair on Friday."}], "response_format": {"type": "json_schema", "json_schema": {"name": "CalendarEventResponse", "strict": true, "schema": {"type": "object", "properties": {"name": {"type": "string"}, "date": {"type": "string"}, "participants": {"type": "array", "items": {"type": "string"}}}, "required": ["name", "date", "participants"], "additionalProperties": false}}}}"#;
    for url in ["/v1/chat/completions", "/chat/completions"] {
        let (errors, fast) = errors_of(&req(url, body), Dialect::Azure);
        assert!(errors.is_empty() && fast, "{url}: {errors:?}");
    }
}

/// A subtype its discriminator base's mapping leaves out takes the base's
/// own keywords: Azure's v1 spec maps every data-source authentication but
/// `api_key` (and every vectorization source but `endpoint`), though the
/// base's enum lists both and Azure's own spec example sends `api_key`
/// (`chat_completions_azure_search_image_vector.json`). Both were refused
/// ("expected nothing") before; a type neither lists still is.
#[test]
fn subtypes_a_discriminator_mapping_leaves_out_are_still_taken() {
    let with = |auth: &str, dependency: &str| {
        format!(
            r#"{{"model": "gpt-4o", "messages": [{{"role": "user", "content": "can you tell me how to care for a dog?"}}], "data_sources": [{{"type": "azure_search", "parameters": {{"endpoint": "https://s.search.windows.net/", "index_name": "i", "authentication": {auth}, "embedding_dependency": {dependency}}}}}]}}"#
        )
    };
    let api_key = r#"{"type": "api_key", "key": "k"}"#;
    let endpoint =
        r#"{"type": "endpoint", "endpoint": "https://e.openai.azure.com/embeddings", "authentication": {"type": "api_key", "key": "k"}}"#;
    let deployment = r#"{"type": "deployment_name", "deployment_name": "emb"}"#;
    for body in [with(api_key, deployment), with(api_key, endpoint)] {
        let (errors, fast) = errors_of(&req("/chat/completions", &body), Dialect::Azure);
        assert!(errors.is_empty() && fast, "{body}: {errors:?}");
    }
    let (errors, _) = errors_of(&req("/chat/completions", &with(r#"{"type": "password", "key": "k"}"#, deployment)), Dialect::Azure);
    assert!(
        errors.iter().any(|(_, param, _)| param.as_deref().is_some_and(|p| p.contains("authentication"))),
        "an authentication type neither the enum nor the mapping lists is refused: {errors:?}"
    );
    let (errors, _) = errors_of(&req("/chat/completions", &with(r#"{"type": "api_key"}"#, deployment)), Dialect::Azure);
    assert!(!errors.is_empty(), "api_key still needs its key (the subtype's own required list)");
}

/// Fields the spec lists as required though the service fills them in:
/// an input_image's detail ("Defaults to auto"), a function tool's strict.
#[test]
fn required_but_defaulted_fields_may_be_left_out() {
    let image = r#"{"model": "gpt-4.1", "input": [{"role": "user", "content": [{"type": "input_text", "text": "What is in this image?"}, {"type": "input_image", "image_url": "https://example.com/a.png"}]}]}"#;
    let tool = r#"{"model": "gpt-4.1", "input": "What is the weather in Paris?", "tools": [{"type": "function", "name": "get_weather", "description": "Get the weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}"#;
    for d in [Dialect::OpenAi, Dialect::Azure] {
        for body in [image, tool] {
            let (errors, fast) = errors_of(&req("/v1/responses", body), d);
            assert!(errors.is_empty() && fast, "{d:?} {body}: {errors:?}");
        }
    }
}

/// A conversation fed back as OpenAI's conversation-state guide does it:
/// the assistant's turn with the output_text parts the response gave.
/// OpenAI takes the parts without their annotations (the guide); Azure's v1
/// spec requires them, and every history Azure's Responses page feeds back
/// carries them (`annotations: []`), so an Azure line without them keeps
/// the spec's finding, citing Azure's spec.
#[test]
fn responses_history_with_output_text_parts_passes() {
    let body = r#"{"model": "gpt-4o-mini", "input": [{"role": "user", "content": "tell me a joke"}, {"role": "assistant", "content": [{"type": "output_text", "text": "Why did the chicken cross the road?", "annotations": []}]}, {"role": "user", "content": "tell me another"}]}"#;
    let bare = body.replace(r#", "annotations": []"#, "");
    for (d, b) in [(Dialect::OpenAi, body.to_string()), (Dialect::OpenAi, bare.clone()), (Dialect::Azure, body.to_string())] {
        let (errors, fast) = errors_of(&req("/v1/responses", &b), d);
        assert!(errors.is_empty() && fast, "{d:?} {b}: {errors:?}");
    }
    let azure = schema::azure_table().url();
    let errors = sourced_errors(&req("/v1/responses", &bare), Dialect::Azure);
    assert!(
        errors.iter().any(|(c, p, s)| c == "missing_required_parameter"
            && p.as_deref() == Some("body.input[1].content[0].annotations")
            && s.as_deref() == Some(azure.as_str())),
        "{errors:?}"
    );
}

/// Every endpoint of OpenAI's batch API (`CreateBatchRequest.endpoint`) is
/// a url the check takes, and its body is checked against its schema.
#[test]
fn every_openai_batch_endpoint_is_taken_and_its_body_checked() {
    let ok: &[(&str, &str)] = &[
        ("/v1/videos", r#"{"model": "sora-2", "prompt": "A calico cat playing a piano on stage", "seconds": "8", "size": "1280x720"}"#),
        ("/v1/images/generations", r#"{"model": "gpt-image-1", "prompt": "A cute baby sea otter", "n": 1, "size": "1024x1024"}"#),
        (
            "/v1/images/edits",
            r#"{"model": "gpt-image-1.5", "prompt": "Add a watercolor effect", "images": [{"image_url": "https://example.com/a.png"}]}"#,
        ),
        ("/v1/moderations", r#"{"model": "omni-moderation-latest", "input": "I want to kill them."}"#),
    ];
    for (url, body) in ok {
        let (errors, fast) = errors_of(&req(url, body), Dialect::OpenAi);
        assert!(errors.is_empty() && fast, "{url}: {errors:?}");
    }
    let long = "x".repeat(32_001);
    let bad: &[(&str, String, &str, &str)] = &[
        ("/v1/videos", format!(r#"{{"model": "sora-2", "prompt": "{long}"}}"#), "string_above_max_length", "body.prompt"),
        ("/v1/videos", r#"{"model": "sora-2", "prompt": ""}"#.into(), "string_below_min_length", "body.prompt"),
        ("/v1/images/generations", r#"{"model": "dall-e-3", "prompt": "otter", "n": 11}"#.into(), "integer_above_max_value", "body.n"),
        ("/v1/images/edits", r#"{"model": "gpt-image-1", "prompt": "otter", "images": []}"#.into(), "empty_array", "body.images"),
        ("/v1/moderations", r#"{"model": "omni-moderation-latest", "input": 5}"#.into(), "invalid_type", "body.input"),
    ];
    for (url, body, code, param) in bad {
        let (errors, fast) = errors_of(&req(url, body), Dialect::OpenAi);
        assert!(!fast && errors.iter().any(|(c, p, _)| c == code && p.as_deref() == Some(param)), "{url}: {errors:?}");
    }
}

/// Lengths and patterns the spec gives, in the services' words and codes
/// (recorded 400s: `string_above_max_length` for a too-long string,
/// `invalid_value` for a pattern), counted in characters.
#[test]
fn string_lengths_and_patterns_answer_in_the_services_words() {
    let item = |fields: &str| {
        req("/v1/responses", &format!(r#"{{"model": "gpt-4.1", "input": [{{"type": "function_call_output", {fields}, "output": "ok"}}]}}"#))
    };
    let (errors, _) = errors_of(&item(&format!(r#""call_id": "{}""#, "c".repeat(65))), Dialect::OpenAi);
    assert_eq!(
        errors,
        [(
            "string_above_max_length".to_string(),
            Some("body.input[0].call_id".to_string()),
            "Invalid 'input[0].call_id': string too long. Expected a string with maximum length 64, but got a string with length 65 instead."
                .to_string()
        )]
    );
    // 64 Hangul syllables are 192 bytes and 64 characters: within the bound.
    let (errors, fast) = errors_of(&item(&format!(r#""call_id": "{}""#, "한".repeat(64))), Dialect::OpenAi);
    assert!(errors.is_empty() && fast, "{errors:?}");
    let (errors, fast) = errors_of(&item(r#""call_id": """#), Dialect::OpenAi);
    assert!(
        !fast
            && errors.iter().any(|(c, p, m)| {
                c == "string_below_min_length"
        && p.as_deref() == Some("body.input[0].call_id")
        && m == "Invalid 'input[0].call_id': string too short. Expected a string with minimum length 1, but got an empty string instead."
            }),
        "{errors:?}"
    );
    let (errors, fast) = errors_of(&item(r#""call_id": "c1", "namespace": "my tools""#), Dialect::OpenAi);
    assert!(!fast, "{errors:?}");
    assert_eq!(
        errors,
        [(
            "invalid_value".to_string(),
            Some("body.input[0].namespace".to_string()),
            "Invalid 'input[0].namespace': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'."
                .to_string()
        )]
    );
}

/// Chat-style parts sent to the Responses API: the service names the part's
/// type (`input[0].content[0].type: Invalid value: 'text'`), not the item's.
#[test]
fn chat_style_parts_sent_to_responses_are_blamed_where_the_service_does() {
    let text = r#"{"model": "gpt-4.1", "input": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]}"#;
    let image = r#"{"model": "gpt-4.1", "input": [{"role": "user", "content": [{"type": "input_text", "text": "hi"}, {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}]}]}"#;
    // Two chat-style parts: the message has two findings, an item that only
    // lacks `type` one; the message is still what it was meant as.
    let both = r#"{"model": "gpt-4.1", "input": [{"role": "system", "content": "be brief"}, {"role": "user", "content": [{"type": "text", "text": "hi"}, {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}]}]}"#;
    for d in [Dialect::OpenAi, Dialect::Azure] {
        for (body, param, value) in [
            (text, "body.input[0].content[0].type", "text"),
            (image, "body.input[0].content[1].type", "image_url"),
            (both, "body.input[1].content[0].type", "text"),
        ] {
            let (errors, fast) = errors_of(&req("/v1/responses", body), d);
            assert!(!fast, "{d:?}");
            let hit = errors.iter().find(|(_, p, _)| p.as_deref() == Some(param));
            let Some((code, _, message)) = hit else { panic!("{d:?}: want {param}, got {errors:?}") };
            assert_eq!(code, "invalid_value");
            assert!(message.starts_with(&format!("Invalid value: '{value}'.")), "{message}");
        }
    }
}

/// Hostile strings and nesting through the new schema paths: a 5 MB tool
/// description, a 5 MB string under a pattern (a long run the pattern's
/// class takes, then one it refuses), a 5 MB string under a length bound,
/// deep nesting in an open object. Each is answered, never a panic; the
/// length bound answers before the pattern is tried.
#[test]
fn hostile_strings_stay_bounded() {
    let big = "a".repeat(5 * 1024 * 1024);
    let tool = req(
        "/v1/chat/completions",
        &format!(
            r#"{{"model": "gpt-4o", "messages": [{{"role": "user", "content": "hi"}}], "tools": [{{"type": "function", "function": {{"name": "f", "description": "{big}", "parameters": {{"type": "object"}}}}}}]}}"#
        ),
    );
    let (errors, fast) = errors_of(&tool, Dialect::OpenAi);
    assert!(errors.is_empty() && fast, "{errors:?}");
    let item = |fields: String| {
        req("/v1/responses", &format!(r#"{{"model": "gpt-4.1", "input": [{{"type": "function_call_output", {fields}, "output": "ok"}}]}}"#))
    };
    // Under a pattern and a length bound: the bound answers.
    let (errors, fast) = errors_of(&item(format!(r#""call_id": "c1", "namespace": "{big}!""#)), Dialect::OpenAi);
    assert!(
        !fast && errors.len() == 1 && errors[0].0 == "string_above_max_length",
        "{:?}",
        errors.iter().map(|e| &e.0).collect::<Vec<_>>()
    );
    // Under a pattern alone (regex-lite: time linear in the string).
    let mcp = req(
        "/v1/responses",
        &format!(
            r#"{{"model": "gpt-4.1", "input": "hi", "tools": [{{"type": "mcp", "server_label": "s", "tunnel_id": "tunnel_{big}!"}}]}}"#
        ),
    );
    let (errors, fast) = errors_of(&mcp, Dialect::OpenAi);
    assert!(
        !fast && errors.len() == 1 && errors[0].0 == "invalid_value" && errors[0].1.as_deref() == Some("body.tools[0].tunnel_id"),
        "{:?}",
        errors.iter().map(|e| (&e.0, &e.1)).collect::<Vec<_>>()
    );
    let (errors, fast) = errors_of(&item(format!(r#""call_id": "{big}""#)), Dialect::OpenAi);
    assert!(!fast && errors.len() == 1 && errors[0].2.ends_with("but got a string with length 5242880 instead."), "{:?}", errors.len());
    // Nesting as deep as the parser takes, inside a tool's open parameters.
    let deep = format!("{}1{}", r#"{"a": "#.repeat(120), "}".repeat(120));
    let nested = req(
        "/v1/chat/completions",
        &format!(
            r#"{{"model": "gpt-4o", "messages": [{{"role": "user", "content": "hi"}}], "tools": [{{"type": "function", "function": {{"name": "f", "parameters": {deep}}}}}]}}"#
        ),
    );
    let (errors, _) = errors_of(&nested, Dialect::OpenAi);
    assert!(errors.iter().all(|(c, _, _)| c == "invalid_json_line"), "{errors:?}");
}

/// The generator refuses a `required` name the schema does not define (the
/// 2024-10-21 Azure bug, `json_schema.type`) unless a patch covers it.
#[test]
fn the_generator_refuses_a_required_name_the_schema_does_not_define() {
    let subset = r#"{"components": {"schemas": {"R": {"type": "object", "properties": {"response_format": {"type": "object", "properties": {"json_schema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["type", "name"]}}}}}}}}"#;
    let e = gen::generate(subset, &gen::Config { source: "t", roots: &[("chat", "R")], beside: None }).unwrap_err();
    assert!(e.to_string().contains("chat.response_format.json_schema requires 'type'"), "{e}");
}

/// Azure chat lines are judged by Azure's v1 spec, on both url forms: the
/// developer role (Azure's reasoning guide), custom tools, allowed tools and
/// every documented reasoning effort pass; what the spec refuses is refused.
#[test]
fn azure_chat_lines_are_judged_by_azures_v1_spec() {
    let ok = [
        r#"{"model": "gpt-5-mini", "messages": [{"role": "developer", "content": "You are a helpful assistant."}, {"role": "user", "content": "What steps should I think about when writing my first Python API?"}], "max_completion_tokens": 5000, "reasoning_effort": "medium"}"#,
        r#"{"model": "gpt-5", "messages": [{"role": "user", "content": "Which one is larger, 42 or 0?"}], "tools": [{"type": "custom", "name": "custom_tool", "custom": {"name": "lark_tool", "format": {"type": "grammar", "grammar": {"syntax": "lark", "definition": "start: QUESTION"}}}}], "tool_choice": "required"}"#,
        r#"{"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}], "reasoning_effort": "minimal", "verbosity": "low"}"#,
        r#"{"model": "gpt-5.1", "messages": [{"role": "user", "content": "hi"}], "reasoning_effort": "none", "tool_choice": {"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": [{"type": "function", "function": {"name": "f"}}]}}, "tools": [{"type": "function", "function": {"name": "f"}}]}"#,
        r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": [{"type": "text", "text": "Describe"}, {"type": "image_url", "image_url": {"url": "https://example.com/a.png", "detail": "high"}}]}], "modalities": ["text"], "max_tokens": 100}"#,
        r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": "c1", "content": "ok"}]}"#,
    ];
    for url in ["/v1/chat/completions", "/chat/completions"] {
        for body in ok {
            let (errors, fast) = errors_of(&req(url, body), Dialect::Azure);
            assert!(errors.is_empty() && fast, "{url} {body}: {errors:?}");
        }
    }
    let bad: &[(&str, &str, &str)] = &[
        (
            r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": [{"type": "input_text", "text": "hi"}]}]}"#,
            "invalid_value",
            "body.messages[0].content[0].type",
        ),
        (
            r#"{"model": "gpt-4o", "messages": [{"role": "system", "content": [{"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}]}]}"#,
            "invalid_value",
            "body.messages[0].content[0].type",
        ),
        (
            r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "reasoning_effort": "extreme"}"#,
            "invalid_value",
            "body.reasoning_effort",
        ),
        (r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "n": 0}"#, "integer_below_min_value", "body.n"),
        (
            r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "response_format": {"type": "json_schema", "json_schema": {"strict": true}}}"#,
            "missing_required_parameter",
            "body.response_format.json_schema.name",
        ),
    ];
    for (body, code, param) in bad {
        let (errors, fast) = errors_of(&req("/v1/chat/completions", body), Dialect::Azure);
        assert!(!fast && errors.iter().any(|(c, p, _)| c == code && p.as_deref() == Some(param)), "{body}: {errors:?}");
    }
}

/// Every patch names a schema of one of the vendored subsets (a patch whose
/// schema is gone does nothing, silently).
#[test]
fn every_patch_applies_to_a_vendored_subset() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let subsets: Vec<Value> = [gen::OPENAI_SUBSET, gen::AZURE_SUBSET]
        .iter()
        .map(|s| serde_json::from_str(&std::fs::read_to_string(root.join(s)).unwrap()).unwrap())
        .collect();
    for p in gen::PATCHES {
        let found = subsets.iter().any(|s| {
            let schemas = s.pointer("/components/schemas").and_then(Value::as_object).unwrap();
            gen::patch_target(schemas, p.at).is_some()
        });
        assert!(found, "patch {} names no schema of the vendored subsets", p.at);
    }
}

/// The findings a one-line file gets: (code, param, source) of each error.
fn sourced_errors(line: &str, dialect: Dialect) -> Vec<(String, Option<String>, Option<String>)> {
    let c = Catalog::builtin();
    let r = LineRef { number: 1, start: 0, bytes: line.as_bytes() };
    let mut out = Findings::new(64);
    check_line(r, dialect, &c, &mut out);
    out.list()
        .iter()
        .filter(|d| d.severity == batchlane_core::batch::Severity::Error)
        .map(|d| (d.code.as_str().to_string(), d.param.clone(), d.source.as_deref().map(str::to_string)))
        .collect()
}

/// Azure's Responses and embeddings lines are judged by Azure's own v1 spec
/// (`AzureCreateResponse`, `AzureCreateEmbeddingRequest`, the request bodies
/// of its `POST /responses` and `POST /embeddings`), with or without the
/// `/v1` prefix, and a finding cites that spec, not OpenAI's.
#[test]
fn azure_responses_and_embeddings_are_judged_by_azures_v1_spec() {
    use batchlane_core::batch::Endpoint;
    let azure = schema::azure_table().url();
    assert!(azure.contains("Azure/azure-rest-api-specs"), "{azure}");
    for endpoint in [Endpoint::ChatCompletions, Endpoint::Responses, Endpoint::Embeddings] {
        let (t, _) = schema::schema_for(Dialect::Azure, endpoint).unwrap();
        assert_eq!(t.url(), azure, "{endpoint:?}");
    }
    let cases = [
        ("/v1/responses", r#"{"model": "gpt-4.1", "input": "hi", "truncation": "sometimes"}"#, "body.truncation"),
        ("/responses", r#"{"model": "gpt-4.1", "input": "hi", "truncation": "sometimes"}"#, "body.truncation"),
        ("/v1/embeddings", r#"{"model": "text-embedding-3-small", "input": "hi", "encoding_format": "int8"}"#, "body.encoding_format"),
        ("/embeddings", r#"{"model": "text-embedding-3-small", "input": "hi", "encoding_format": "int8"}"#, "body.encoding_format"),
    ];
    for (url, body, param) in cases {
        let errors = sourced_errors(&req(url, body), Dialect::Azure);
        let at = errors.iter().find(|(c, p, _)| c == "invalid_value" && p.as_deref() == Some(param));
        assert!(at.is_some_and(|(_, _, s)| s.as_deref() == Some(azure.as_str())), "{url}: {errors:?}");
    }
}

/// An endpoint Azure's spec gives no body for (completions, moderations,
/// images, videos) is not an Azure batch endpoint: its lines get the url
/// finding, not OpenAI's body rules under Azure's name.
#[test]
fn azure_lines_are_never_judged_by_openais_spec() {
    use batchlane_core::batch::Endpoint;
    for endpoint in [Endpoint::Completions, Endpoint::Moderations, Endpoint::ImageGenerations, Endpoint::ImageEdits, Endpoint::Videos] {
        assert!(schema::schema_for(Dialect::Azure, endpoint).is_none(), "{endpoint:?}");
    }
    let openai = schema::openai_table().url();
    let line = req("/v1/completions", r#"{"model": "gpt-35-turbo-instruct", "prompt": "hi", "n": 0}"#);
    let errors = sourced_errors(&line, Dialect::Azure);
    assert!(errors.iter().any(|(c, p, _)| c == "url_mismatch" && p.as_deref() == Some("url")), "{errors:?}");
    assert!(!errors.iter().any(|(_, _, s)| s.as_deref() == Some(openai.as_str())), "{errors:?}");
}

/// Azure's Responses request, as the service answers and documents it
/// beyond its v1 spec (`gen/patches.rs`): an argument it does not know is
/// refused (a recorded answer), `service_tier` and `prompt_cache_key` are
/// taken (its priority-processing and prompt-caching pages), and so are a
/// function tool without `strict` and a custom tool (its Responses and
/// reasoning pages).
#[test]
fn azure_responses_follow_the_service_where_the_spec_lags() {
    let ok = [
        r#"{"model": "gpt-4.1", "input": "This is a test", "service_tier": "priority"}"#,
        r#"{"model": "gpt-4.1", "input": "This is a test", "prompt_cache_key": "tenant-42"}"#,
        r#"{"model": "gpt-5", "input": "hi", "tools": [{"type": "custom", "name": "lark_tool"}, {"type": "function", "name": "f", "parameters": {"type": "object"}}]}"#,
    ];
    for body in ok {
        for url in ["/v1/responses", "/responses"] {
            let errors = sourced_errors(&req(url, body), Dialect::Azure);
            assert!(!errors.iter().any(|(c, _, _)| c != "url_mismatch"), "{url} {body}: {errors:?}");
        }
    }
    let bad = [
        (r#"{"model": "gpt-5", "messages": [{"role": "user", "content": "Hello!"}]}"#, "unknown_parameter", "body.messages"),
        (r#"{"model": "gpt-4.1", "input": "hi", "service_tier": "premium"}"#, "invalid_value", "body.service_tier"),
        (r#"{"model": "gpt-4.1", "input": "hi", "prompt_cache_key": 7}"#, "invalid_type", "body.prompt_cache_key"),
        (r#"{"model": "gpt-5", "input": "hi", "tools": [{"type": "custom"}]}"#, "missing_required_parameter", "body.tools[0].name"),
    ];
    for (body, code, param) in bad {
        let (errors, fast) = errors_of(&req("/v1/responses", body), Dialect::Azure);
        assert!(!fast && errors.iter().any(|(c, p, _)| c == code && p.as_deref() == Some(param)), "{body}: {errors:?}");
    }
}

/// An argument a closed body does not know is refused, and the finding
/// cites what closed it, per dialect and endpoint: the service's recorded
/// refusal or page (the closing patch) when a patch closed it, the spec when
/// the spec did (`additionalProperties: false`). Azure's Responses API
/// cites its own recorded refusal, never Chat Completions'.
#[test]
fn an_unknown_argument_cites_the_source_that_closed_the_body() {
    use batchlane_core::batch::{Evidence, Severity};
    let refused = |line: &str, dialect: Dialect, param: &str| {
        let found = all_findings(line, dialect);
        let hit: Vec<_> = found
            .iter()
            .filter(|d| d.severity == Severity::Error && d.code == Code::UnknownParameter && d.param.as_deref() == Some(param))
            .cloned()
            .collect();
        assert_eq!(hit.len(), 1, "{line}: {found:?}");
        (hit[0].source.clone().map(|s| s.to_string()), hit[0].evidence)
    };
    // Azure's Responses API: the recorded answer of an Azure deployment.
    let messages = r#"{"model": "gpt-5", "messages": [{"role": "user", "content": "Hello!"}]}"#;
    for url in ["/v1/responses", "/responses"] {
        let (source, evidence) = refused(&req(url, messages), Dialect::Azure, "body.messages");
        assert_eq!(source.as_deref(), Some("https://github.com/cline/cline/issues/5419"), "{url}");
        assert_eq!(evidence, Evidence::Observed, "{url}");
    }
    // OpenAI's Chat Completions: its recorded refusal, as before.
    let line = req("/v1/chat/completions", r#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "colour": 1}"#);
    let (source, evidence) = refused(&line, Dialect::OpenAi, "body.colour");
    assert_eq!(source.as_deref(), Some("https://github.com/coroot/coroot/issues/698"));
    assert_eq!(evidence, Evidence::Observed);
    // OpenAI's Responses API: closed by its API reference (a page, documented).
    let line = req("/v1/responses", r#"{"model": "gpt-4.1", "input": "hi", "colour": 1}"#);
    let (source, evidence) = refused(&line, Dialect::OpenAi, "body.colour");
    assert_eq!(source.as_deref(), Some("https://platform.openai.com/docs/api-reference/responses/create"));
    assert_eq!(evidence, Evidence::Documented);
    // OpenAI's embeddings body is closed by the spec itself.
    let subset: Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(gen::OPENAI_SUBSET)).unwrap()).unwrap();
    assert_eq!(subset["components"]["schemas"]["CreateEmbeddingRequest"]["additionalProperties"], json!(false));
    let line = req("/v1/embeddings", r#"{"model": "text-embedding-3-small", "input": "hi", "colour": 1}"#);
    let (source, evidence) = refused(&line, Dialect::OpenAi, "body.colour");
    assert_eq!(source, Some(schema::openai_table().url()));
    assert_eq!(evidence, Evidence::Documented);
    // So is an object inside a body (an image reference).
    assert_eq!(subset["components"]["schemas"]["ImageRefParam"]["additionalProperties"], json!(false));
    let line = req(
        "/v1/images/edits",
        r#"{"model": "gpt-image-1", "prompt": "a cat", "images": [{"image_url": "https://example.com/a.png", "colour": 1}]}"#,
    );
    let (source, evidence) = refused(&line, Dialect::OpenAi, "body.images[0].colour");
    assert_eq!(source, Some(schema::openai_table().url()));
    assert_eq!(evidence, Evidence::Documented);
    // A patch closes a body's own schema only, so that an object below a
    // body is closed by its spec (what the finding there cites).
    let roots: Vec<&str> = gen::OPENAI_ROOTS.iter().chain(gen::AZURE_ROOTS).map(|&(_, s)| s).collect();
    for p in gen::PATCHES.iter().filter(|p| matches!(p.change, gen::Change::Closed)) {
        assert!(roots.contains(&p.at), "{} is closed by a patch and is no body's schema", p.at);
    }
}

/// Every finding of a one-line file: (severity, code, param, evidence, source, message).
fn all_findings(line: &str, dialect: Dialect) -> Vec<batchlane_core::batch::Diagnostic> {
    let c = Catalog::builtin();
    let r = LineRef { number: 1, start: 0, bytes: line.as_bytes() };
    let mut out = Findings::new(64);
    check_line(r, dialect, &c, &mut out);
    out.list().to_vec()
}

/// A Responses argument Azure's v1 spec does not list but OpenAI's
/// `CreateResponse` defines (`safety_identifier`, `conversation`, …): no
/// page or recorded answer shows Azure refusing it, so it is one warning,
/// evidence `inferred`, citing Azure's spec (the source) and OpenAI's (the
/// message). An argument neither spec defines keeps the recorded refusal
/// (an error). The fast path leaves both to the slow path.
#[test]
fn azure_responses_arguments_only_openais_spec_defines_are_warnings() {
    use batchlane_core::batch::{Evidence, Severity};
    let azure = schema::azure_table();
    let openai = schema::openai_table();
    let c = Catalog::builtin();
    let openai_commit = openai.source.split(['@', ' ']).nth(1).unwrap();
    let azure_commit = azure.source.split(['@', ' ']).nth(1).unwrap();
    let line = req("/v1/responses", r#"{"model": "gpt-4.1", "input": "hi", "safety_identifier": "user-7"}"#);
    let found = all_findings(&line, Dialect::Azure);
    assert!(!found.iter().any(|d| d.severity == Severity::Error), "{found:?}");
    let warned: Vec<_> = found.iter().filter(|d| d.severity == Severity::Warning).collect();
    assert_eq!(warned.len(), 1, "{found:?}");
    let w = warned[0];
    assert_eq!((w.code, w.param.as_deref(), w.evidence), (Code::UnknownParameter, Some("body.safety_identifier"), Evidence::Inferred));
    assert_eq!(w.source.as_deref(), Some(azure.url().as_str()));
    assert!(w.message.contains(&openai_commit[..8]) && w.message.contains(&azure_commit[..8]), "{}", w.message);
    let r = LineRef { number: 1, start: 0, bytes: line.as_bytes() };
    assert!(check_line_fast(r, Dialect::Azure, &c, &mut Findings::new(8)).is_none());
    // The fix speaks of this finding, not of a refusal.
    let fix = batchlane_core::batch::explain_diagnostic(w, Dialect::Azure, &c);
    assert!(!fix.en.contains("refuses"), "{}", fix.en);

    // Every such name the two tables give, each a warning on its own.
    let props = |t: &Table| match *t.node(t.root("responses").unwrap()) {
        Node::Obj { props, .. } => props.iter().map(|&(n, _)| n).collect::<Vec<_>>(),
        _ => unreachable!(),
    };
    let only_openai: Vec<&str> = props(openai).into_iter().filter(|n| !props(azure).contains(n)).collect();
    for name in ["safety_identifier", "conversation", "stream_options", "prompt_cache_retention", "context_management", "moderation"] {
        assert!(only_openai.contains(&name), "{name}: {only_openai:?}");
    }
    for name in &only_openai {
        for url in ["/v1/responses", "/responses"] {
            let line = req(url, &format!(r#"{{"model": "gpt-4.1", "input": "hi", "{name}": null}}"#));
            let found = all_findings(&line, Dialect::Azure);
            let at = format!("body.{name}");
            assert!(
                !found.iter().any(|d| d.severity == Severity::Error && d.param.as_deref() == Some(at.as_str())),
                "{url} {name}: {found:?}"
            );
            assert!(
                found.iter().any(|d| d.severity == Severity::Warning
                    && d.code == Code::UnknownParameter
                    && d.param.as_deref() == Some(at.as_str())
                    && d.evidence == Evidence::Inferred),
                "{url} {name}: {found:?}"
            );
        }
    }

    // In neither spec: the recorded refusal stays an error.
    let line = req("/v1/responses", r#"{"model": "gpt-5", "messages": [{"role": "user", "content": "Hello!"}]}"#);
    let found = all_findings(&line, Dialect::Azure);
    assert!(
        found.iter().any(|d| d.severity == Severity::Error
            && d.code == Code::UnknownParameter
            && d.param.as_deref() == Some("body.messages")
            && d.evidence == Evidence::Observed),
        "{found:?}"
    );
    // OpenAI's own lines: unchanged (its spec defines the name).
    let line = req("/v1/responses", r#"{"model": "gpt-4.1", "input": "hi", "safety_identifier": "user-7"}"#);
    assert!(all_findings(&line, Dialect::OpenAi).is_empty(), "{:?}", all_findings(&line, Dialect::OpenAi));
}
