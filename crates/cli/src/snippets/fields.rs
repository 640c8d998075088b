//! The option fields `--set` takes that the page's link does not carry
//! (worker, submission and APIM options): name, reader, and how they apply.

use batchlane_core::snippets::share::MAX_TEXT_CHARS;
use batchlane_core::snippets::{ApimOptions, CounterKey, SubmitOptions, WorkerOptions};

pub(super) type SetField<T> = fn(&mut T, &str) -> Result<(), String>;

pub(super) fn text_value(v: &str) -> Result<String, String> {
    if v.chars().count() > MAX_TEXT_CHARS {
        Err(format!("longer than {MAX_TEXT_CHARS} characters"))
    } else if v.chars().any(char::is_control) {
        Err("contains a control character".into())
    } else {
        Ok(v.to_string())
    }
}

pub(super) fn int_value(v: &str) -> Result<i64, String> {
    // Separators as everywhere (`io::clean_number`); a sign reads, for the
    // generator to say why it refuses it.
    batchlane_core::io::clean_number(v).parse().map_err(|_| "not a whole number".to_string())
}

pub(super) fn bool_value(v: &str) -> Result<bool, String> {
    match v.trim() {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err("not true or false (1 or 0)".into()),
    }
}

macro_rules! fields {
    ($t:ty: $($name:literal => $f:ident : $parse:ident),* $(,)?) => {
        &[$(($name, |o: &mut $t, v: &str| { o.$f = $parse(v)?; Ok(()) }),)*]
    };
}

pub(super) const WORKER_FIELDS: &[(&str, SetField<WorkerOptions>)] = fields!(WorkerOptions:
    "openai_endpoint" => openai_endpoint: text_value,
    "api_version" => api_version: text_value,
    "model_alias" => model_alias: text_value,
    "deployment" => deployment: text_value,
    "results_account_url" => results_account_url: text_value,
    "results_container" => results_container: text_value,
    "run_once_max_messages" => run_once_max_messages: int_value,
    "max_concurrency" => max_concurrency: int_value,
    "max_delivery_count" => max_delivery_count: int_value,
    "model_timeout_seconds" => model_timeout_seconds: int_value,
    "model_deadline_seconds" => model_deadline_seconds: int_value,
    "max_model_attempts" => max_model_attempts: int_value,
);

pub(super) const SUBMIT_FIELDS: &[(&str, SetField<SubmitOptions>)] = fields!(SubmitOptions:
    "api_version" => api_version: text_value,
    "input_path" => input_path: text_value,
    "endpoint_path" => endpoint_path: text_value,
    "file_expires_after_seconds" => file_expires_after_seconds: int_value,
    "output_expires_after_seconds" => output_expires_after_seconds: int_value,
    "poll_interval_seconds" => poll_interval_seconds: int_value,
    "owned_account_url" => owned_account_url: text_value,
    "owned_container" => owned_container: text_value,
);

pub(super) fn counter_key(v: &str) -> Result<CounterKey, String> {
    match v.trim() {
        "subscription" => Ok(CounterKey::Subscription),
        "jwt" => Ok(CounterKey::JwtClaim),
        _ => Err("not one of: subscription, jwt".into()),
    }
}

pub(super) const APIM_FIELDS: &[(&str, SetField<ApimOptions>)] = fields!(ApimOptions:
    "tokens_per_minute" => tokens_per_minute: int_value,
    "counter_key" => counter_key: counter_key,
    "caller_claim" => caller_claim: text_value,
    "openid_config_url" => openid_config_url: text_value,
    "audience" => audience: text_value,
    "deployment_parameter" => deployment_parameter: text_value,
    "estimate_prompt_tokens" => estimate_prompt_tokens: bool_value,
    "metric_namespace" => metric_namespace: text_value,
);

pub(super) fn apply<T>(o: &mut T, table: &[(&str, SetField<T>)], sets: &[(String, String)]) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for (name, value) in sets {
        if let Some((_, set)) = table.iter().find(|(n, _)| n == name) {
            if let Err(e) = set(o, value) {
                errors.push(format!("--set {name}={value}: {e}"));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
