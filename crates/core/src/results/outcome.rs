//! Classifies what happened to a request from its result line.
//!
//! Order of the rules (the first that applies wins):
//! 1. a top-level `error` and no `response`: `batch_expired`,
//!    `batch_cancelled`, `request_timeout`; any other code is a
//!    `client_error` with that code (never retried blindly);
//! 2. a content-filter verdict anywhere: HTTP 400 with `error.code:
//!    content_filter` (or `innererror.code: ResponsibleAIPolicyViolation`),
//!    `finish_reason: content_filter`, a `filtered: true`, Responses API
//!    `content_filters` blocked or `incomplete_details.reason:
//!    content_filter` → `content_filtered` (a result, never a failure);
//! 3. HTTP 429 → `rate_limited`; 5xx → `server_error`; other 4xx (and any
//!    other non-2xx) → `client_error` with the code shown; a response whose
//!    `status_code` is missing, not an integer or outside 100–599 is never a
//!    success: `client_error` with the body's error code when there is one,
//!    else `server_error` with code `invalid_status_code` and the reason;
//! 4. 2xx: `finish_reason: length` or Responses `status: incomplete` →
//!    `truncated`; Responses `status: failed` → `server_error`; else
//!    `succeeded` (stop, tool_calls, embeddings, …).

use super::line::ResultLine;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Succeeded,
    Truncated,
    ContentFiltered,
    RateLimited,
    ServerError,
    ClientError,
    BatchExpired,
    BatchCancelled,
    RequestTimeout,
    /// In the input, in neither result file (of a job that expired, such a
    /// request is `BatchExpired` instead: [`super::ResultsReport::apply_job`]).
    Missing,
}

impl Outcome {
    pub const ALL: [Outcome; 10] = [
        Outcome::Succeeded,
        Outcome::Truncated,
        Outcome::ContentFiltered,
        Outcome::RateLimited,
        Outcome::ServerError,
        Outcome::ClientError,
        Outcome::BatchExpired,
        Outcome::BatchCancelled,
        Outcome::RequestTimeout,
        Outcome::Missing,
    ];

    /// The stable snake_case name (also the serde name and the UI key suffix).
    pub fn code(self) -> &'static str {
        match self {
            Outcome::Succeeded => "succeeded",
            Outcome::Truncated => "truncated",
            Outcome::ContentFiltered => "content_filtered",
            Outcome::RateLimited => "rate_limited",
            Outcome::ServerError => "server_error",
            Outcome::ClientError => "client_error",
            Outcome::BatchExpired => "batch_expired",
            Outcome::BatchCancelled => "batch_cancelled",
            Outcome::RequestTimeout => "request_timeout",
            Outcome::Missing => "missing",
        }
    }

    /// Goes into the retry file: the same request may succeed next time.
    pub fn is_retryable(self) -> bool {
        matches!(
            self,
            Outcome::RateLimited
                | Outcome::ServerError
                | Outcome::BatchExpired
                | Outcome::BatchCancelled
                | Outcome::RequestTimeout
                | Outcome::Missing
        )
    }

    /// The model answered (possibly cut short or refused): a result to keep.
    pub fn is_result(self) -> bool {
        matches!(self, Outcome::Succeeded | Outcome::Truncated | Outcome::ContentFiltered)
    }

    /// Listed separately with its reason and never retried: resending the
    /// same request cannot change the answer.
    pub fn is_never_retried_failure(self) -> bool {
        matches!(self, Outcome::ContentFiltered | Outcome::ClientError)
    }
}

/// An outcome with the code and message that explain it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Classified {
    pub outcome: Outcome,
    /// The service's code (`context_length_exceeded`, `content_filter`,
    /// `batch_expired`, `length`, …) or `http_<status>` when it gave none.
    pub code: Option<String>,
    pub message: Option<String>,
}

/// The code of a response whose `status_code` is not an HTTP status.
pub const INVALID_STATUS_CODE: &str = "invalid_status_code";

fn is_content_filter_code(code: Option<&str>) -> bool {
    matches!(code, Some("content_filter") | Some("ResponsibleAIPolicyViolation"))
}

pub fn classify(l: &ResultLine) -> Classified {
    let make = |outcome, code: Option<String>, message: Option<String>| Classified { outcome, code, message };
    if l.shape.is_none() {
        // No response object: a non-HTTP failure with a top-level error.
        let outcome = match l.top_error_code.as_deref() {
            Some("batch_expired") => Outcome::BatchExpired,
            Some("batch_cancelled") => Outcome::BatchCancelled,
            Some("request_timeout") => Outcome::RequestTimeout,
            _ => Outcome::ClientError,
        };
        let code = l.top_error_code.clone().or_else(|| Some("error".into()));
        return make(outcome, code, l.top_error_message.clone());
    }
    let body_msg = || l.body_error_message.clone().or_else(|| l.top_error_message.clone());
    let body_code = || l.body_error_code.clone().or_else(|| l.top_error_code.clone());
    let filtered = is_content_filter_code(l.body_error_code.as_deref())
        || is_content_filter_code(l.inner_error_code.as_deref())
        || l.finish_reasons.iter().any(|r| r == "content_filter")
        || l.incomplete_reason.as_deref() == Some("content_filter")
        || l.filter_hit;
    if filtered {
        let code =
            if is_content_filter_code(l.body_error_code.as_deref()) { l.body_error_code.clone() } else { Some("content_filter".into()) };
        return make(Outcome::ContentFiltered, code, body_msg());
    }
    let http_code = |status: u16| body_code().or_else(|| Some(format!("http_{status}")));
    match l.status_code {
        Some(200..=299) => {}
        Some(429) => return make(Outcome::RateLimited, http_code(429), body_msg()),
        Some(s @ 500..=599) => return make(Outcome::ServerError, http_code(s), body_msg()),
        Some(s) => return make(Outcome::ClientError, http_code(s), body_msg()),
        // A response without an HTTP status: never a success.
        None if l.body_error_code.is_some() => return make(Outcome::ClientError, body_code(), body_msg()),
        None => {
            let reason = l.status_problem.as_ref().map_or_else(|| "the response has no status_code".to_string(), |p| p.reason());
            return make(Outcome::ServerError, Some(INVALID_STATUS_CODE.into()), Some(reason));
        }
    }
    if l.finish_reasons.iter().any(|r| r == "length") {
        return make(Outcome::Truncated, Some("length".into()), None);
    }
    match l.response_status.as_deref() {
        Some("incomplete") => make(Outcome::Truncated, Some(l.incomplete_reason.clone().unwrap_or_else(|| "incomplete".into())), None),
        Some("failed") => make(Outcome::ServerError, body_code().or_else(|| Some("failed".into())), body_msg()),
        _ => make(Outcome::Succeeded, None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::line::parse_result_line;

    fn outcome_of(line: &str) -> (Outcome, Option<String>) {
        let c = classify(&parse_result_line(line.as_bytes()).unwrap());
        (c.outcome, c.code)
    }

    fn chat(status: u16, finish: &str) -> String {
        format!(
            r#"{{"custom_id":"x","response":{{"status_code":{status},"body":{{"object":"chat.completion","choices":[{{"finish_reason":"{finish}"}}]}}}},"error":null}}"#
        )
    }

    fn resp(status: &str, reason: &str) -> String {
        format!(
            r#"{{"custom_id":"x","response":{{"status_code":200,"body":{{"object":"response","status":"{status}","incomplete_details":{reason},"output":[]}}}},"error":null}}"#
        )
    }

    fn http_err(status: u16, code: &str) -> String {
        format!(
            r#"{{"custom_id":"x","response":{{"status_code":{status},"body":{{"error":{{"message":"m","type":"invalid_request_error","param":null,"code":"{code}"}}}}}},"error":null}}"#
        )
    }

    fn top_err(code: &str) -> String {
        format!(r#"{{"custom_id":"x","response":null,"error":{{"code":"{code}","message":"m"}}}}"#)
    }

    #[test]
    fn chat_outcomes() {
        assert_eq!(outcome_of(&chat(200, "stop")).0, Outcome::Succeeded);
        assert_eq!(outcome_of(&chat(200, "tool_calls")).0, Outcome::Succeeded);
        assert_eq!(outcome_of(&chat(200, "length")), (Outcome::Truncated, Some("length".into())));
        assert_eq!(outcome_of(&chat(200, "content_filter")).0, Outcome::ContentFiltered);
    }

    #[test]
    fn responses_outcomes() {
        assert_eq!(outcome_of(&resp("completed", "null")).0, Outcome::Succeeded);
        assert_eq!(
            outcome_of(&resp("incomplete", r#"{"reason":"max_output_tokens"}"#)),
            (Outcome::Truncated, Some("max_output_tokens".into()))
        );
        assert_eq!(outcome_of(&resp("incomplete", r#"{"reason":"content_filter"}"#)).0, Outcome::ContentFiltered);
        let failed = r#"{"custom_id":"x","response":{"status_code":200,"body":{"object":"response","status":"failed","error":{"code":"server_error","message":"boom"},"output":[]}}}"#;
        assert_eq!(outcome_of(failed), (Outcome::ServerError, Some("server_error".into())));
        let blocked = r#"{"custom_id":"x","response":{"status_code":200,"body":{"object":"response","status":"completed","output":[],"content_filters":[{"blocked":true}]}}}"#;
        assert_eq!(outcome_of(blocked).0, Outcome::ContentFiltered);
    }

    #[test]
    fn http_failures() {
        assert_eq!(outcome_of(&http_err(400, "content_filter")), (Outcome::ContentFiltered, Some("content_filter".into())));
        assert_eq!(outcome_of(&http_err(429, "rate_limit_exceeded")).0, Outcome::RateLimited);
        assert_eq!(outcome_of(&http_err(500, "server_error")).0, Outcome::ServerError);
        assert_eq!(outcome_of(&http_err(503, "")).0, Outcome::ServerError);
        assert_eq!(outcome_of(&http_err(400, "context_length_exceeded")), (Outcome::ClientError, Some("context_length_exceeded".into())));
        let no_body = r#"{"custom_id":"x","response":{"status_code":404},"error":null}"#;
        assert_eq!(outcome_of(no_body), (Outcome::ClientError, Some("http_404".into())));
        let inner = r#"{"custom_id":"x","response":{"status_code":400,"body":{"error":{"code":"invalid_prompt","innererror":{"code":"ResponsibleAIPolicyViolation"}}}}}"#;
        assert_eq!(outcome_of(inner).0, Outcome::ContentFiltered);
    }

    #[test]
    fn a_status_code_that_is_no_http_status_is_never_a_success() {
        // Fails before the fix: 99999 and "500" counted as succeeded.
        let with = |raw: &str| {
            let line = format!(
                r#"{{"custom_id":"x","response":{{"status_code":{raw},"body":{{"object":"chat.completion","choices":[{{"finish_reason":"stop"}}]}}}}}}"#
            );
            classify(&parse_result_line(line.as_bytes()).unwrap())
        };
        for raw in ["99999", r#""500""#, "200.0", "null", "-200", "0", "600", "65736"] {
            let c = with(raw);
            assert_eq!((c.outcome, c.code.as_deref()), (Outcome::ServerError, Some(INVALID_STATUS_CODE)), "{raw}");
        }
        assert_eq!(with("99999").message.as_deref(), Some("status_code 99999 is outside 100–599"));
        assert_eq!(with(r#""500""#).message.as_deref(), Some("status_code \"500\" is not an integer"));
        let missing = r#"{"custom_id":"x","response":{"body":{"choices":[{"finish_reason":"stop"}]}}}"#;
        assert_eq!(outcome_of(missing), (Outcome::ServerError, Some(INVALID_STATUS_CODE.into())));
        assert_eq!(with("200").outcome, Outcome::Succeeded);
    }

    #[test]
    fn non_http_failures() {
        assert_eq!(outcome_of(&top_err("batch_expired")), (Outcome::BatchExpired, Some("batch_expired".into())));
        assert_eq!(outcome_of(&top_err("batch_cancelled")).0, Outcome::BatchCancelled);
        assert_eq!(outcome_of(&top_err("request_timeout")).0, Outcome::RequestTimeout);
        assert_eq!(outcome_of(&top_err("something_new")), (Outcome::ClientError, Some("something_new".into())));
    }

    #[test]
    fn retry_sets() {
        let retry: Vec<_> = Outcome::ALL.iter().filter(|o| o.is_retryable()).map(|o| o.code()).collect();
        assert_eq!(retry, ["rate_limited", "server_error", "batch_expired", "batch_cancelled", "request_timeout", "missing"]);
        assert!(!Outcome::ContentFiltered.is_retryable() && !Outcome::ClientError.is_retryable());
    }
}
