//! Small sample files for the page's "try a sample": valid and broken, per
//! dialect. The broken ones show most codes, each on a known line.

use super::Dialect;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub id: &'static str,
    pub dialect: Dialect,
    pub title_en: &'static str,
    pub title_ko: &'static str,
    pub text: &'static str,
}

pub const VALID_AZURE: &str = r#"{"custom_id": "ticket-88412", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini-batch", "max_tokens": 200, "messages": [{"role": "system", "content": "Summarize the ticket in two sentences."}, {"role": "user", "content": "My invoice shows two charges for March."}]}}
{"custom_id": "ticket-88413", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini-batch", "max_tokens": 200, "messages": [{"role": "system", "content": "Summarize the ticket in two sentences."}, {"role": "user", "content": "로그인 후 대시보드가 비어 있습니다."}]}}
{"custom_id": "ticket-88414", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini-batch", "max_tokens": 200, "messages": [{"role": "system", "content": "Summarize the ticket in two sentences."}, {"role": "user", "content": "The export button does nothing in Safari."}]}}
"#;

/// Line 2: duplicate custom_id; 3: url_mismatch; 4: model_mismatch;
/// 5: streaming_unsupported; 6: invalid_json_line; 7: missing
/// custom_id; 8: blank; 9: invalid_request (method).
pub const BROKEN_AZURE: &str = "{\"custom_id\": \"t-1\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini-batch\", \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Hello\"}]}}
{\"custom_id\": \"t-1\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini-batch\", \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Again\"}]}}
{\"custom_id\": \"t-3\", \"method\": \"POST\", \"url\": \"/v1/responses\", \"body\": {\"model\": \"gpt-4o-mini-batch\", \"max_output_tokens\": 100, \"input\": \"Hi\"}}
{\"custom_id\": \"t-4\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-batch\", \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}}
{\"custom_id\": \"t-5\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini-batch\", \"stream\": true, \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}}
{\"custom_id\": \"t-6\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini-batch\",}}
{\"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini-batch\", \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}}

{\"custom_id\": \"t-9\", \"method\": \"GET\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini-batch\", \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}}
";

pub const VALID_OPENAI: &str = r#"{"custom_id": "req-1", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini", "max_tokens": 100, "messages": [{"role": "system", "content": "You are a helpful assistant."}, {"role": "user", "content": "Hello world!"}]}}
{"custom_id": "req-2", "method": "POST", "url": "/v1/chat/completions", "body": {"model": "gpt-4o-mini", "max_tokens": 100, "messages": [{"role": "system", "content": "You are a helpful assistant."}, {"role": "user", "content": "안녕하세요!"}]}}
"#;

/// Line 1 starts with a BOM (a warning on OpenAI); 2: invalid_url;
/// 3: invalid_request (no messages); 4: duplicate JSON key.
pub const BROKEN_OPENAI: &str = "\u{FEFF}{\"custom_id\": \"req-1\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini\", \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}}
{\"custom_id\": \"req-2\", \"method\": \"POST\", \"url\": \"/v1/chat/completion\", \"body\": {\"model\": \"gpt-4o-mini\", \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}}
{\"custom_id\": \"req-3\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini\", \"max_tokens\": 100}}
{\"custom_id\": \"req-4\", \"custom_id\": \"req-4b\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\", \"body\": {\"model\": \"gpt-4o-mini\", \"max_tokens\": 100, \"messages\": [{\"role\": \"user\", \"content\": \"Hi\"}]}}
";

pub const SAMPLES: &[Sample] = &[
    Sample {
        id: "valid-azure",
        dialect: Dialect::Azure,
        title_en: "Valid (Azure Global Batch)",
        title_ko: "올바른 파일 (Azure Global Batch)",
        text: VALID_AZURE,
    },
    Sample {
        id: "broken-azure",
        dialect: Dialect::Azure,
        title_en: "Broken (Azure Global Batch)",
        title_ko: "오류가 있는 파일 (Azure Global Batch)",
        text: BROKEN_AZURE,
    },
    Sample {
        id: "valid-openai",
        dialect: Dialect::OpenAi,
        title_en: "Valid (OpenAI Batch)",
        title_ko: "올바른 파일 (OpenAI Batch)",
        text: VALID_OPENAI,
    },
    Sample {
        id: "broken-openai",
        dialect: Dialect::OpenAi,
        title_en: "Broken (OpenAI Batch)",
        title_ko: "오류가 있는 파일 (OpenAI Batch)",
        text: BROKEN_OPENAI,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{resolve_model, ModelClues};

    /// Every sample's deployment (each line's `body.model`) names a model or
    /// one the guess finds, so a sample shows a model's limits and prices
    /// (the Azure samples' `batch-summarize` mapped to none).
    #[test]
    fn every_sample_deployment_maps_to_a_model() {
        for s in SAMPLES {
            let mut seen = 0;
            for line in s.text.trim_start_matches('\u{FEFF}').lines() {
                let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else { continue };
                let Some(model) = v["body"]["model"].as_str() else { continue };
                seen += 1;
                assert!(resolve_model(ModelClues::deployment(model)).model.is_some(), "{}: {model} maps to no model", s.id);
            }
            assert!(seen > 0, "{}: no line names a deployment", s.id);
        }
    }

    #[test]
    fn the_valid_samples_stay_valid_with_their_model_known() {
        use crate::batch::{CheckOptions, Checker, Severity};
        let c = crate::facts::Catalog::builtin();
        for s in SAMPLES.iter().filter(|s| s.id.starts_with("valid")) {
            let mut k = Checker::new(CheckOptions { dialect: s.dialect, ..CheckOptions::default() }, &c);
            k.feed(s.text.as_bytes());
            let r = k.finish();
            let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| &d.message).collect();
            assert!(errors.is_empty(), "{}: {errors:?}", s.id);
        }
    }
}
