//! batchlane's plain CSV, for sources other than Azure Monitor (a gateway's
//! log, APIM's `llm-emit-token-metric`, the user's own logs). Header, in
//! any order and case (documented in `docs/traffic.md`):
//!
//! `timestamp, deployment` (required), `model, model_version, requests,
//! status, prompt_tokens, cached_tokens, completion_tokens, spillover,
//! ttft_ms, tbt_ms, latency_ms, service_tier_request, service_tier_response`
//! (optional).
//!
//! A row is one request (no `requests` column) or an aggregate of
//! `requests` requests; rows are summed per minute.

use super::csv::{self, normalise, Record};
use super::{flag, status_code, ImportError, Sink};
use crate::text::Text;
use crate::traffic::store::{Measure, SeriesKey};
use crate::traffic::time::parse_minute;

/// The documented columns.
pub const COLUMNS: &[&str] = &[
    "timestamp",
    "deployment",
    "model",
    "model_version",
    "requests",
    "status",
    "prompt_tokens",
    "cached_tokens",
    "completion_tokens",
    "spillover",
    "ttft_ms",
    "tbt_ms",
    "latency_ms",
    "service_tier_request",
    "service_tier_response",
];

pub(crate) fn read(file: &str, input: &mut dyn std::io::Read, sink: &mut Sink<'_>) -> Result<(), ImportError> {
    let mut at: Vec<Option<usize>> = vec![None; COLUMNS.len()];
    csv::read(file, input, |record, fields| {
        let Record::Row(line) = record else {
            let names = fields;
            for (i, n) in names.iter().enumerate() {
                let n = normalise(n);
                match COLUMNS.iter().position(|c| *c == n) {
                    Some(c) => at[c] = Some(i),
                    None => {
                        return Err(ImportError::new(
                            file,
                            Text::new(
                                format!("unknown column {n:?}; the columns are {}", COLUMNS.join(", ")),
                                format!("알 수 없는 열 {n:?}입니다. 열은 {}입니다", COLUMNS.join(", ")),
                            ),
                        )
                        .field(&n))
                    }
                }
            }
            for required in ["timestamp", "deployment"] {
                if at[COLUMNS.iter().position(|c| *c == required).unwrap_or(0)].is_none() {
                    return Err(ImportError::new(
                        file,
                        Text::new(format!("the header has no {required} column"), format!("머리글에 {required} 열이 없습니다")),
                    )
                    .field(required));
                }
            }
            return Ok(());
        };
        {
            let get = |name: &str| {
                let i = COLUMNS.iter().position(|c| *c == name)?;
                at[i].and_then(|col| fields.get(col)).map(|s| s.trim()).filter(|s| !s.is_empty())
            };
            let err = |field: &str, en: String, ko: String| ImportError::new(file, Text::new(en, ko)).at(line).field(field);
            let number = |name: &str| -> Result<Option<f64>, ImportError> {
                match get(name) {
                    None => Ok(None),
                    Some(v) => v
                        .parse::<f64>()
                        .ok()
                        .filter(|n| n.is_finite() && *n >= 0.0)
                        .map(Some)
                        .ok_or_else(|| err(name, format!("{v:?} is not a count"), format!("개수가 아닙니다: {v:?}"))),
                }
            };
            let time = get("timestamp").unwrap_or_default();
            let minute = parse_minute(time)
                .ok_or_else(|| err("timestamp", format!("{time:?} is not a time"), format!("시각이 아닙니다: {time:?}")))?;
            let deployment =
                get("deployment").ok_or_else(|| err("deployment", "the deployment is empty".into(), "배포 이름이 비어 있습니다".into()))?;
            let key = SeriesKey {
                deployment: deployment.to_string(),
                model: get("model").map(str::to_string),
                version: get("model_version").map(str::to_string),
                merged_resource: false,
            };
            let status =
                match get("status") {
                    None => None,
                    Some(s) => Some(status_code(s).ok_or_else(|| {
                        err("status", format!("{s:?} is not an HTTP status"), format!("HTTP 상태 코드가 아닙니다: {s:?}"))
                    })?),
                };
            let spilled = match get("spillover") {
                None => None,
                Some(s) => Some(flag(s).ok_or_else(|| {
                    err("spillover", format!("{s:?} is not true or false"), format!("true 또는 false가 아닙니다: {s:?}"))
                })?),
            };
            let requests = number("requests")?.unwrap_or(1.0);
            let has_column = |name: &str| COLUMNS.iter().position(|c| *c == name).and_then(|i| at[i]).is_some();
            let tier_text = |name: &str| has_column(name).then(|| get(name).unwrap_or(""));
            let tier = sink.tier_split(tier_text("service_tier_request"), tier_text("service_tier_response"));
            // A value the store refuses (above its bound) names its column.
            let mut add = |column: &str, measure: Measure, v: f64| {
                sink.add(&key, minute, 1, measure, v).map_err(|e| sink.store_error(e).at(line).field(column))
            };
            add("requests", Measure::Requests { status, spilled, tier }, requests)?;
            for (name, measure) in [
                ("prompt_tokens", Measure::PromptTokens),
                ("cached_tokens", Measure::CachedTokens),
                ("completion_tokens", Measure::CompletionTokens),
                ("ttft_ms", Measure::TtftMs),
                ("tbt_ms", Measure::TbtMs),
                ("latency_ms", Measure::TtltMs),
            ] {
                if let Some(v) = number(name)? {
                    add(name, measure, v)?;
                }
            }
            Ok(())
        }
    })
}
