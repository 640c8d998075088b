//! Writes every request example of OpenAI's batch endpoints, as the vendor's
//! OpenAPI document gives them (`paths.<endpoint>.post.x-oaiMeta.examples`,
//! the curl tab), as batch input lines, with a sidecar naming each line's
//! source. The endpoints are the ones `CreateBatchRequest.endpoint` lists, so
//! a newer spec brings its new batch endpoints along.
//!
//! What is taken as is and what is changed (each line's sidecar note says
//! which applied to it):
//! - a `-d '{...}'` JSON body is the line's body, unchanged;
//! - `-F name=value` form fields become JSON fields (`true`/`false` become
//!   booleans); a file field (`image[]=@x.png`) becomes an `images` entry
//!   `{"image_url": "https://example.com/x.png"}`, the reference form the
//!   JSON request schema documents (a batch line cannot upload a file);
//! - the documentation's model placeholders (`VAR_chat_model_id`,
//!   `VAR_completion_model_id`) are replaced by the models in `PLACEHOLDERS`;
//! - an example that streams (`"stream": true`, `-F stream=true`) is skipped:
//!   a batch request gets one response, not a stream.
//!
//! Usage: cargo run -p batchlane-core --example extract_spec_examples -- \
//!            openapi.json --commit SHA --date YYYY-MM-DD --out DIR/openai-spec-examples

use serde_json::{Map, Value};
use std::fmt::Write as _;

/// Model placeholders of the API reference and the models put in their place.
const PLACEHOLDERS: &[(&str, &str)] = &[("VAR_chat_model_id", "gpt-4.1"), ("VAR_completion_model_id", "gpt-3.5-turbo-instruct")];

fn fail(msg: String) -> ! {
    eprintln!("extract_spec_examples: {msg}");
    std::process::exit(1);
}

/// The text between the first `'` after `-d` and the next `'`.
fn data_arg(curl: &str) -> Option<&str> {
    let at = curl.find("-d '")? + 4;
    let len = curl[at..].find('\'')?;
    Some(&curl[at..at + len])
}

/// `-F "k=v"` / `-F 'k=v'` fields, in order.
fn form_fields(curl: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = curl;
    while let Some(at) = rest.find("-F ") {
        rest = &rest[at + 3..];
        let Some(quote) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else { continue };
        let body = &rest[1..];
        let Some(end) = body.find(quote) else { break };
        if let Some((k, v)) = body[..end].split_once('=') {
            out.push((k.to_string(), v.to_string()));
        }
        rest = &body[end + 1..];
    }
    out
}

struct Example {
    title: String,
    body: Value,
    notes: Vec<String>,
}

/// The body an example's curl sends, or why it is skipped.
fn body_of(curl: &str) -> Result<(Value, Vec<String>), String> {
    let mut notes = Vec::new();
    let mut body = if let Some(data) = data_arg(curl) {
        serde_json::from_str::<Value>(data).map_err(|e| format!("the -d body is not JSON: {e}"))?
    } else {
        let fields = form_fields(curl);
        if fields.is_empty() {
            return Err("no -d body and no -F fields".into());
        }
        notes.push("multipart -F fields written as the JSON request body".to_string());
        let mut map = Map::new();
        for (k, v) in fields {
            if let Some(file) = v.strip_prefix('@') {
                let key = k.trim_end_matches("[]");
                let key = if key == "image" { "images" } else { key };
                let entry = serde_json::json!({ "image_url": format!("https://example.com/{file}") });
                match map.entry(key.to_string()).or_insert_with(|| Value::Array(Vec::new())) {
                    Value::Array(a) => a.push(entry),
                    _ => return Err(format!("field {key} is both a file and a value")),
                }
                notes.push(format!("file upload {k}=@{file} written as {{\"image_url\": \"https://example.com/{file}\"}}"));
            } else {
                let value = match v.as_str() {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    _ => Value::String(v),
                };
                map.insert(k, value);
            }
        }
        Value::Object(map)
    };
    if body.get("stream") == Some(&Value::Bool(true)) {
        return Err("streams (a batch request is answered once)".into());
    }
    if let Some(model) = body.get_mut("model") {
        if let Some((from, to)) = PLACEHOLDERS.iter().find(|(from, _)| model.as_str() == Some(from)) {
            notes.push(format!("model placeholder {from} replaced by {to}"));
            *model = Value::String((*to).to_string());
        }
    }
    Ok((body, notes))
}

fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

fn examples_of(spec: &Value, path: &str) -> Vec<(String, String)> {
    let Some(examples) = spec.pointer(&format!("/paths/{}/post/x-oaiMeta/examples", path.replace('/', "~1"))) else {
        return Vec::new();
    };
    let list: Vec<&Value> = match examples {
        Value::Array(a) => a.iter().collect(),
        other => vec![other],
    };
    list.iter()
        .filter_map(|e| {
            let curl = e.pointer("/request/curl")?.as_str()?;
            let title = e.get("title").and_then(Value::as_str).unwrap_or("Default");
            Some((title.to_string(), curl.to_string()))
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut spec_path, mut commit, mut date, mut out) = (None, None, None, None);
    let mut i = 0;
    while i < args.len() {
        let next = args.get(i + 1).cloned();
        match args[i].as_str() {
            "--commit" => commit = next,
            "--date" => date = next,
            "--out" => out = next,
            p => {
                spec_path = Some(p.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    let usage = "usage: extract_spec_examples openapi.json --commit SHA --date YYYY-MM-DD --out PREFIX";
    let (Some(spec_path), Some(commit), Some(date), Some(out)) = (spec_path, commit, date, out) else { fail(usage.into()) };
    let text = std::fs::read_to_string(&spec_path).unwrap_or_else(|e| fail(format!("{spec_path}: {e}")));
    let spec: Value = serde_json::from_str(&text).unwrap_or_else(|e| fail(format!("{spec_path}: {e}")));
    let endpoints: Vec<String> = spec
        .pointer("/components/schemas/CreateBatchRequest/properties/endpoint/enum")
        .and_then(Value::as_array)
        .unwrap_or_else(|| fail("no CreateBatchRequest.endpoint enum in the spec".into()))
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    let source = format!("https://github.com/openai/openai-openapi/blob/{commit}/openapi.json");
    let (mut lines, mut sidecar) = (String::new(), String::new());
    for endpoint in &endpoints {
        let path = endpoint.strip_prefix("/v1").unwrap_or(endpoint);
        let mut found: Vec<Example> = Vec::new();
        for (title, curl) in examples_of(&spec, path) {
            match body_of(&curl) {
                Ok((body, notes)) => found.push(Example { title, body, notes }),
                Err(why) => eprintln!("{endpoint} \"{title}\": skipped, {why}"),
            }
        }
        if found.is_empty() {
            eprintln!("{endpoint}: no usable request example");
        }
        for ex in found {
            let id = format!("spec-{}-{}", slug(path), slug(&ex.title));
            let line = serde_json::json!({ "custom_id": id, "method": "POST", "url": endpoint, "body": ex.body });
            let mut note = format!("request example \"{}\" of POST {path} (x-oaiMeta, curl tab)", ex.title);
            for n in &ex.notes {
                let _ = write!(note, "; {n}");
            }
            let side = serde_json::json!({ "custom_id": id, "source": source, "as_of": date, "note": note });
            let _ = writeln!(lines, "{line}");
            let _ = writeln!(sidecar, "{side}");
        }
    }
    std::fs::write(format!("{out}.jsonl"), lines).unwrap_or_else(|e| fail(format!("{out}.jsonl: {e}")));
    std::fs::write(format!("{out}.sources.jsonl"), sidecar).unwrap_or_else(|e| fail(format!("{out}.sources.jsonl: {e}")));
    println!("{out}.jsonl: written");
}
