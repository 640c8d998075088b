//! The Flex-with-fallback client (Python): Flex processing first, retried
//! within a budget on transient answers (honouring Retry-After), then one
//! Standard request; a 400 (and 401, 403, 404) is never retried. Tested
//! against a fake that answers Flex 429s, capacity errors, 400s and the
//! 404 of a deployment that does not exist
//! (`crates/core/tests/it/snippet_flex_run.rs`).

use super::common::{fill, is_https_url, py_str};
use crate::snippets::text::FormError;
use serde::{Deserialize, Serialize};

const TEMPLATE: &str = include_str!("flex.py.tmpl");

/// Which API the requests go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlexApi {
    Responses,
    ChatCompletions,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlexOptions {
    /// `https://<resource>.openai.azure.com`
    pub endpoint: String,
    /// The Global Standard deployment of a model Flex lists.
    pub deployment: String,
    pub api: FlexApi,
    /// Seconds of waiting between Flex attempts, all together.
    pub budget_seconds: f64,
    pub max_attempts: u32,
    pub first_backoff_seconds: f64,
    pub max_backoff_seconds: f64,
    /// One request's timeout (Flex answers slowly: the page's example uses 900).
    pub timeout_seconds: f64,
    pub fallback_to_standard: bool,
}

impl Default for FlexOptions {
    fn default() -> Self {
        FlexOptions {
            endpoint: "https://YOUR-RESOURCE-NAME.openai.azure.com".to_string(),
            deployment: "YOUR-GPT-5.6-SOL-DEPLOYMENT".to_string(),
            api: FlexApi::Responses,
            budget_seconds: 120.0,
            max_attempts: 6,
            first_backoff_seconds: 2.0,
            max_backoff_seconds: 30.0,
            timeout_seconds: 900.0,
            fallback_to_standard: true,
        }
    }
}

fn seconds(field: &'static str, v: f64, max: f64) -> Result<String, FormError> {
    if !v.is_finite() || v < 0.0 || v > max {
        return Err(crate::snippets::form_error(
            field,
            format!("{field} must be a number from 0 to {max}"),
            format!("{field}: 0부터 {max} 사이의 수여야 합니다"),
        ));
    }
    Ok(format!("{v:?}"))
}

/// The client as one Python file.
pub fn flex_fallback_python(o: &FlexOptions) -> Result<String, FormError> {
    let endpoint = o.endpoint.trim();
    if !is_https_url(endpoint) {
        return Err(crate::snippets::form_error("endpoint", "endpoint must be an https:// URL", "엔드포인트는 https:// URL이어야 합니다"));
    }
    if o.deployment.trim().is_empty() {
        return Err(crate::snippets::form_error("deployment", "deployment is required", "배포 이름이 필요합니다"));
    }
    if o.max_attempts == 0 || o.max_attempts > 100 {
        return Err(crate::snippets::form_error(
            "max_attempts",
            "max_attempts must be from 1 to 100",
            "max_attempts는 1부터 100 사이여야 합니다",
        ));
    }
    let api = match o.api {
        FlexApi::Responses => "responses",
        FlexApi::ChatCompletions => "chat",
    };
    Ok(fill(
        TEMPLATE,
        &[
            ("ENDPOINT", py_str(endpoint)),
            ("DEPLOYMENT", py_str(o.deployment.trim())),
            ("API", py_str(api)),
            ("BUDGET", seconds("budget_seconds", o.budget_seconds, 86_400.0)?),
            ("MAX_ATTEMPTS", o.max_attempts.to_string()),
            ("FIRST_BACKOFF", seconds("first_backoff_seconds", o.first_backoff_seconds, 3_600.0)?),
            ("MAX_BACKOFF", seconds("max_backoff_seconds", o.max_backoff_seconds, 3_600.0)?),
            ("TIMEOUT", seconds("timeout_seconds", o.timeout_seconds, 86_400.0)?),
            ("FALLBACK", if o.fallback_to_standard { "True" } else { "False" }.to_string()),
        ],
    ))
}
