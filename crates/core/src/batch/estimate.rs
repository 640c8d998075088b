//! Tokens per request: prompt tokens (exact text tokens plus the catalog's
//! per-message overhead) and the output cap; the per-line histogram; cost.

use super::media_tokens::MediaTally;
use super::tokens::CachedCounter;
use super::Endpoint;
use crate::cost::{token_prices, PriceOverride};
use crate::facts::Catalog;
use crate::facts::Kind;
use crate::facts::Scope;
use serde_json::Value;

/// The catalog's chat overheads, read once per check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Overheads {
    pub per_message: u64,
    pub per_name: u64,
    pub priming: u64,
    pub media: super::media_tokens::MediaFacts,
}

impl Overheads {
    pub fn from_catalog(c: &Catalog) -> Self {
        Self::for_model(c, None)
    }

    /// With the model's image and tool figures (another model's if it has none).
    pub fn for_model(c: &Catalog, model: Option<&crate::facts::Model>) -> Self {
        // `as u64` saturates (an override of 1e300 reads as u64::MAX), and
        // every sum of these below saturates: a larger overhead never gives
        // fewer tokens.
        Overheads {
            per_message: c.require(Kind::TokensPerMessage, "chat") as u64,
            per_name: c.require(Kind::TokensPerName, "chat") as u64,
            priming: c.require(Kind::ReplyPrimingTokens, "chat") as u64,
            media: super::media_tokens::MediaFacts::for_model(c, model),
        }
    }
}

/// Prompt tokens of one request body: text exactly, image parts by the
/// tile formula and tool definitions by the Cookbook's estimate (both
/// tallied in `media`, so the report can say what is an estimate).
pub(crate) fn prompt_tokens(body: &Value, endpoint: Endpoint, o: Overheads, tc: &mut CachedCounter, media: &mut MediaTally) -> u64 {
    let tools = match endpoint {
        Endpoint::ChatCompletions | Endpoint::Responses => {
            let defs: Vec<Value> = ["tools", "functions"].iter().filter_map(|k| body.get(*k)?.as_array()).flatten().cloned().collect();
            if defs.is_empty() {
                0
            } else {
                let n = o.media.tools(&defs, tc);
                media.tool_requests = media.tool_requests.saturating_add(1);
                media.tool_tokens = media.tool_tokens.saturating_add(n);
                n
            }
        }
        _ => 0,
    };
    tools.saturating_add(match endpoint {
        Endpoint::ChatCompletions => match body.get("messages") {
            Some(Value::Array(msgs)) => messages(msgs, o, tc, media).saturating_add(o.priming),
            _ => 0,
        },
        Endpoint::Responses => {
            let instructions = body.get("instructions").and_then(Value::as_str).map_or(0, |s| tc.count(s));
            instructions.saturating_add(match body.get("input") {
                Some(Value::String(s)) => o.per_message.saturating_add(tc.count(s)).saturating_add(o.priming),
                Some(Value::Array(items)) => messages(items, o, tc, media).saturating_add(o.priming),
                _ => 0,
            })
        }
        Endpoint::Embeddings | Endpoint::Moderations => body.get("input").map_or(0, |v| plain_input(v, tc)),
        Endpoint::Completions => body.get("prompt").map_or(0, |v| plain_input(v, tc)),
        Endpoint::ImageGenerations | Endpoint::ImageEdits | Endpoint::Videos => {
            body.get("prompt").and_then(Value::as_str).map_or(0, |s| tc.count(s))
        }
    })
}

/// The messages' tokens with the per-message and per-name overheads
/// (saturating: the overheads may be overrides as large as u64::MAX).
fn messages(msgs: &[Value], o: Overheads, tc: &mut CachedCounter, media: &mut MediaTally) -> u64 {
    let mut n: u64 = 0;
    for m in msgs {
        let Some(m) = m.as_object() else { continue };
        n = n.saturating_add(o.per_message);
        if let Some(role) = m.get("role").and_then(Value::as_str) {
            n = n.saturating_add(tc.count(role));
        }
        if let Some(name) = m.get("name").and_then(Value::as_str) {
            n = n.saturating_add(tc.count(name)).saturating_add(o.per_name);
        }
        n = n.saturating_add(m.get("content").map_or(0, |c| content(c, o, tc, media)));
        if let Some(Value::Array(calls)) = m.get("tool_calls") {
            for f in calls.iter().filter_map(|c| c.get("function")) {
                for key in ["name", "arguments"] {
                    n = n.saturating_add(f.get(key).and_then(Value::as_str).map_or(0, |s| tc.count(s)));
                }
            }
        }
    }
    n
}

/// A message's content: a string, or an array of text and image parts.
fn content(c: &Value, o: Overheads, tc: &mut CachedCounter, media: &mut MediaTally) -> u64 {
    match c {
        Value::String(s) => tc.count(s),
        Value::Array(parts) => parts
            .iter()
            .map(|p| {
                if super::media_tokens::is_image(p) {
                    let mut estimated = false;
                    let n = o.media.image(p, &mut estimated);
                    media.image_parts = media.image_parts.saturating_add(1);
                    media.images_estimated = media.images_estimated.saturating_add(estimated as u64);
                    media.image_tokens = media.image_tokens.saturating_add(n);
                    n
                } else {
                    p.get("text").and_then(Value::as_str).map_or(0, |s| tc.count(s))
                }
            })
            .fold(0u64, u64::saturating_add),
        _ => 0,
    }
}

/// Embeddings / completions input: a string, strings, token ids, or arrays of ids.
fn plain_input(v: &Value, tc: &mut CachedCounter) -> u64 {
    match v {
        Value::String(s) => tc.count(s),
        Value::Number(_) => 1,
        Value::Array(items) => items
            .iter()
            .map(|i| match i {
                Value::Array(ids) => ids.len() as u64,
                other => plain_input(other, tc),
            })
            .fold(0u64, u64::saturating_add),
        _ => 0,
    }
}

/// Where a request's output cap came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum OutputCap {
    /// `max_tokens` / `max_completion_tokens` / `max_output_tokens` (× `n`).
    Explicit(u64),
    /// Unset: the model's output maximum from the catalog (× `n`).
    ModelMaximum(u64),
    /// Unset and the model is unknown: not counted.
    Unknown,
    /// The endpoint produces no tokens (embeddings, moderations).
    NoOutput,
}

impl OutputCap {
    pub fn tokens(self) -> u64 {
        match self {
            OutputCap::Explicit(n) | OutputCap::ModelMaximum(n) => n,
            OutputCap::Unknown | OutputCap::NoOutput => 0,
        }
    }
}

fn cap_keys(endpoint: Endpoint) -> &'static [&'static str] {
    match endpoint {
        Endpoint::ChatCompletions => &["max_completion_tokens", "max_tokens"],
        Endpoint::Responses => &["max_output_tokens"],
        Endpoint::Completions => &["max_tokens"],
        Endpoint::Embeddings | Endpoint::Moderations | Endpoint::ImageGenerations | Endpoint::ImageEdits | Endpoint::Videos => &[],
    }
}

/// The output cap a request sets (per choice), and the key that sets it.
pub(crate) fn explicit_cap(body: &Value, endpoint: Endpoint) -> Option<(&'static str, u64)> {
    // A negative cap fails the request (the service refuses it): no output.
    let cap = |v: &Value| v.as_u64().or_else(|| v.as_i64().filter(|n| *n < 0).map(|_| 0));
    cap_keys(endpoint).iter().find_map(|k| body.get(*k).and_then(cap).map(|v| (*k, v)))
}

/// The request's output cap; `model_max` is the catalog's `max_output_tokens`.
pub(crate) fn output_cap(body: &Value, endpoint: Endpoint, model_max: Option<u64>) -> OutputCap {
    if cap_keys(endpoint).is_empty() {
        return OutputCap::NoOutput;
    }
    let n = match body.get("n").and_then(Value::as_u64) {
        Some(n) if n >= 1 && endpoint != Endpoint::Responses => n,
        _ => 1,
    };
    match explicit_cap(body, endpoint).map(|(_, cap)| cap) {
        Some(cap) => OutputCap::Explicit(cap.saturating_mul(n)),
        None => model_max.map_or(OutputCap::Unknown, |m| OutputCap::ModelMaximum(m.saturating_mul(n))),
    }
}

/// Requests by prompt tokens, in fixed log-scale buckets: bucket 0 holds
/// 0 tokens, bucket `i ≥ 1` holds `[2^(i-1), 2^i)`, the last bucket all above.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Histogram {
    pub counts: Vec<u64>,
}

pub const HISTOGRAM_BUCKETS: usize = 24;

impl Default for Histogram {
    fn default() -> Self {
        Histogram { counts: vec![0; HISTOGRAM_BUCKETS] }
    }
}

impl Histogram {
    pub fn bucket_of(tokens: u64) -> usize {
        ((64 - tokens.leading_zeros()) as usize).min(HISTOGRAM_BUCKETS - 1)
    }

    /// The tokens a bucket holds, `lo..=hi` (`hi` = `u64::MAX` for the last).
    pub fn bounds(bucket: usize) -> (u64, u64) {
        match bucket {
            0 => (0, 0),
            b if b >= HISTOGRAM_BUCKETS - 1 => (1 << (HISTOGRAM_BUCKETS - 2), u64::MAX),
            b => (1 << (b - 1), (1 << b) - 1),
        }
    }

    pub fn add(&mut self, tokens: u64) {
        let c = &mut self.counts[Self::bucket_of(tokens)];
        *c = c.saturating_add(1);
    }
}

/// Estimated cost at the batch price. Output is priced at the cap, so it is
/// an upper bound.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CostEstimate {
    /// USD per 1M tokens, batch price.
    pub input_price_per_m: f64,
    pub output_price_per_m: f64,
    /// Whether the user typed the prices in (else catalog × batch factor).
    pub user_prices: bool,
    pub input_usd: f64,
    pub output_usd_max: f64,
    pub total_usd_max: f64,
}

/// The batch prices for a model on Global Batch: [`crate::cost::token_prices`]
/// (the user's list prices, else the catalog's) × the batch factor; with
/// no model the catalog prices, the typed prices alone. `None` when
/// neither knows the model's price.
pub fn cost(catalog: &Catalog, model: Option<&str>, typed: PriceOverride, prompt_tokens: u64, output_tokens: u64) -> Option<CostEstimate> {
    let (input, output, factor) = match model.map(|m| token_prices(m, Scope::Global, None, &typed, catalog)) {
        Some(Ok((_, p))) => (p.input, p.output, p.batch_factor),
        _ => (
            typed.input?,
            typed.output.unwrap_or(0.0),
            typed.batch_factor.unwrap_or_else(|| catalog.require(Kind::BatchPriceFactor, "any")),
        ),
    };
    let (input, output) = (input * factor, output * factor);
    let input_usd = prompt_tokens as f64 / 1e6 * input;
    let output_usd_max = output_tokens as f64 / 1e6 * output;
    Some(CostEstimate {
        input_price_per_m: input,
        output_price_per_m: output,
        user_prices: typed.input.is_some() || typed.output.is_some(),
        input_usd,
        output_usd_max,
        total_usd_max: input_usd + output_usd_max,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::tokens::fast_bpe::Tiktoken;
    use crate::batch::tokens::TokenizerProvider;
    use crate::facts::Encoding;
    use serde_json::json;

    fn counter() -> CachedCounter {
        CachedCounter::new(Tiktoken.counter(Encoding::O200kBase).unwrap())
    }

    #[test]
    fn chat_overhead_follows_the_cookbook() {
        let c = Catalog::builtin();
        let o = Overheads::from_catalog(&c);
        // "hello world" = 2 tokens, role "user" = 1: 3 + 1 + 2 + priming 3 = 9.
        let body = json!({"messages": [{"role": "user", "content": "hello world"}]});
        assert_eq!(prompt_tokens(&body, Endpoint::ChatCompletions, o, &mut counter(), &mut MediaTally::default()), 9);
        // A name adds its tokens + 1; parts count their text.
        let body = json!({"messages": [{"role": "user", "name": "bob", "content": [{"type": "text", "text": "hello world"}]}]});
        assert_eq!(prompt_tokens(&body, Endpoint::ChatCompletions, o, &mut counter(), &mut MediaTally::default()), 11);
        let emb = json!({"input": ["hello world", [1, 2, 3]]});
        assert_eq!(prompt_tokens(&emb, Endpoint::Embeddings, o, &mut counter(), &mut MediaTally::default()), 5);
    }

    #[test]
    fn huge_overheads_saturate() {
        let mut c = Catalog::builtin();
        let normal = Overheads::from_catalog(&c);
        for id in ["tokens_per_message.chat", "tokens_per_name.chat", "reply_priming_tokens.chat"] {
            c.set_override(id, crate::facts::MAX_COUNT_OVERRIDE).unwrap();
        }
        let mut huge = Overheads::from_catalog(&c);
        // What an unchecked catalog (from storage) may hold: 1e300 reads as u64::MAX.
        huge.per_message = u64::MAX;
        let msgs: Vec<Value> = (0..3).map(|_| json!({"role": "user", "name": "bob", "content": "hi"})).collect();
        for (endpoint, body) in [
            (Endpoint::ChatCompletions, json!({ "messages": msgs })),
            (Endpoint::Responses, json!({"instructions": "be brief", "input": "hello"})),
            (Endpoint::Responses, json!({ "input": msgs })),
        ] {
            let n = prompt_tokens(&body, endpoint, normal, &mut counter(), &mut MediaTally::default());
            let big = prompt_tokens(&body, endpoint, huge, &mut counter(), &mut MediaTally::default());
            assert_eq!(big, u64::MAX, "{body}");
            assert!(big >= n);
        }
    }

    #[test]
    fn output_caps() {
        let b = json!({"max_tokens": 100, "n": 2});
        assert_eq!(output_cap(&b, Endpoint::ChatCompletions, Some(16_384)), OutputCap::Explicit(200));
        let b = json!({"max_completion_tokens": 50, "max_tokens": 100});
        assert_eq!(output_cap(&b, Endpoint::ChatCompletions, None), OutputCap::Explicit(50));
        assert_eq!(output_cap(&json!({}), Endpoint::ChatCompletions, Some(16_384)), OutputCap::ModelMaximum(16_384));
        assert_eq!(output_cap(&json!({}), Endpoint::Responses, None), OutputCap::Unknown);
        assert_eq!(output_cap(&json!({}), Endpoint::Embeddings, None), OutputCap::NoOutput);
    }

    #[test]
    fn histogram_buckets() {
        assert_eq!(Histogram::bucket_of(0), 0);
        assert_eq!(Histogram::bucket_of(1), 1);
        assert_eq!(Histogram::bucket_of(1000), 10);
        assert_eq!(Histogram::bounds(10), (512, 1023));
        assert_eq!(Histogram::bucket_of(u64::MAX), HISTOGRAM_BUCKETS - 1);
    }

    #[test]
    fn batch_price_is_half_of_global() {
        let c = Catalog::builtin();
        let e = cost(&c, Some("gpt-4o"), Default::default(), 2_000_000, 1_000_000).unwrap();
        assert_eq!(e.input_price_per_m, 1.25);
        assert_eq!(e.output_price_per_m, 5.0);
        assert!((e.total_usd_max - 7.5).abs() < 1e-9);
        assert!(cost(&c, Some("nope"), Default::default(), 1, 1).is_none());
    }
}
