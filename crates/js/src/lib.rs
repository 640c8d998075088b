//! `batchlane_js`: batchlane's core for JavaScript, built by wasm-bindgen
//! (`--target web`) into the npm package `batchlane-core` (`./dev npm`).
//! Glue only: options in, a core call, the core's JSON out. Every answer
//! and every JSON shape comes from `batchlane-core`, the functions the
//! CLI calls (`Report::to_file_json`, `results::results_json`,
//! `facts::tier_answer`, `batch::schema::json_schema`), so the package and
//! `batchlane … --format json` cannot drift. The JavaScript half
//! (`js/`) streams files into the sessions here, chunk by chunk, and turns
//! the errors thrown here (`"Kind: message"`) into typed `Error` subclasses.

use batchlane_core::batch::schema::{json_schema as core_json_schema, SchemaKind};
use batchlane_core::batch::{self, CheckOptions, Checker, Dialect, Endpoint, QuotaChoice, Verdict};
use batchlane_core::facts::{tier_answer, Catalog, Encoding, QuotaTier, Scope};
use batchlane_core::results::{cost_report, results_json, CostOptions, ResultsJoiner, RetryExtractor, RetryPlan};
use serde_json::{json, Map, Value};
use wasm_bindgen::prelude::*;

// The token counter's exports (`installRankTable`, `rankTableReady`,
// `rankTableFile`, `countTokens`, `version`) are the `tokens` entry's own
// (`batchlane_tokens`), linked into this module too: one copy of that glue.
pub use batchlane_tokens::{count_tokens, install_rank_table, rank_table_file, rank_table_ready, version};

/// An error the JavaScript half turns into the `Error` subclass it names.
fn err(kind: &str, message: impl std::fmt::Display) -> JsValue {
    JsValue::from_str(&format!("{kind}: {message}"))
}

fn option_error(message: impl std::fmt::Display) -> JsValue {
    err("OptionError", message)
}

/// The check's options from `{dialect, endpoint, model, quota, countTokens,
/// byoStorage, facts, fileName}` (JSON), as `batchlane check`'s flags make them.
fn check_options(json: &str) -> Result<(CheckOptions, Catalog), JsValue> {
    let v: Value = serde_json::from_str(json).map_err(|e| option_error(format!("options: {e}")))?;
    let o = v.as_object().cloned().unwrap_or_default();
    let text = |k: &str| -> Result<Option<String>, JsValue> {
        match o.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(option_error(format!("{k} must be a string"))),
        }
    };
    let flag = |k: &str, default: bool| -> Result<bool, JsValue> {
        match o.get(k) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(option_error(format!("{k} must be true or false"))),
        }
    };
    let dialect_name = text("dialect")?.unwrap_or_else(|| "azure".into());
    let dialect =
        Dialect::from_name(&dialect_name).ok_or_else(|| option_error(format!("unknown dialect '{dialect_name}' (azure or openai)")))?;
    let quota = match o.get("quota") {
        None | Some(Value::Null) => QuotaChoice::None,
        Some(q) => QuotaChoice::Tokens(q.as_u64().ok_or_else(|| option_error("quota must be a whole number of tokens"))?),
    };
    let mut catalog = Catalog::builtin();
    if let Some(f) = o.get("facts").filter(|f| !f.is_null()) {
        let f = f.as_object().ok_or_else(|| option_error("facts must be an object of fact id → number"))?;
        let mut facts: Vec<(&String, &Value)> = f.iter().collect();
        facts.sort_by(|a, b| a.0.cmp(b.0));
        for (id, value) in facts {
            let x = value.as_f64().ok_or_else(|| option_error(format!("fact {id}: a number")))?;
            catalog.set_override(id.trim(), x).map_err(|e| option_error(format!("fact {id}: {e}")))?;
        }
    }
    let options = CheckOptions {
        dialect,
        endpoint: text("endpoint")?,
        model: text("model")?,
        quota,
        count_tokens: flag("countTokens", true)?,
        byo_storage: flag("byoStorage", false)?,
        file_name: text("fileName")?,
        ..CheckOptions::default()
    };
    options.validate().map_err(|e| option_error(e.to_string()))?;
    Ok((options, catalog))
}

/// One streaming check: `feed` the file's bytes in chunks (any cut), then
/// `finish`. Memory stays bounded by the checker's own caps, whatever the
/// file's size.
#[wasm_bindgen]
pub struct CheckSession {
    checker: Option<Checker>,
    report: Option<batch::Report>,
}

#[wasm_bindgen]
impl CheckSession {
    /// A session with the options (JSON, see `check_options`). With token
    /// counts, the tables must be installed first (`tablesNeeded`).
    #[wasm_bindgen(constructor)]
    pub fn new(options: &str) -> Result<CheckSession, JsValue> {
        let (options, catalog) = check_options(options)?;
        if options.count_tokens {
            for e in [Encoding::O200kBase, Encoding::Cl100kBase] {
                if !batch::rank_table_ready(e) {
                    return Err(err("InternalError", format!("the {} table is not installed", batch::rank_table_file(e))));
                }
            }
        }
        Ok(CheckSession { checker: Some(Checker::new(options, &catalog)), report: None })
    }

    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        let c = self.checker.as_mut().ok_or_else(|| err("Error", "this check is finished"))?;
        c.feed(chunk);
        Ok(())
    }

    /// Ends the check; `file` is named in the JSON as the CLI names its path
    /// argument (`undefined`: no `file` key, as for lines not on disk).
    /// Returns `batchlane check --format json`'s text, byte for byte (its
    /// final newline too, as Python's `to_json()`).
    pub fn finish(&mut self, file: Option<String>) -> Result<String, JsValue> {
        let c = self.checker.take().ok_or_else(|| err("Error", "this check is finished"))?;
        let report = c.finish();
        let v = match &file {
            Some(f) => report.to_file_json(f),
            None => report.to_cli_json(),
        };
        self.report = Some(report);
        serde_json::to_string_pretty(&v).map(|t| t + "\n").map_err(|e| err("InternalError", e))
    }

    /// After `finish`: no errors and every line checked (the CLI's exit 0).
    pub fn ok(&self) -> bool {
        self.report.as_ref().is_some_and(|r| !r.has_errors() && !matches!(r.verdict(), Verdict::NotConfirmed { .. }))
    }

    /// After `finish`: `ready`, `batch_fails`, `requests_fail` or `not_confirmed`.
    pub fn verdict(&self) -> String {
        self.report.as_ref().map_or("", |r| r.verdict().as_str()).to_string()
    }

    /// After `finish`: the summary the wheel gives (the CLI JSON's, plus
    /// lines, output_tokens, catalog_model, cost_usd_max and quota), as JSON.
    pub fn summary(&self) -> String {
        let Some(r) = &self.report else { return "null".into() };
        let mut v = r.to_cli_json()["summary"].take();
        let s = &r.summary;
        if let Value::Object(o) = &mut v {
            o.insert("lines".into(), s.lines.into());
            o.insert("output_tokens".into(), s.output_tokens.into());
            o.insert("catalog_model".into(), s.catalog_model.clone().into());
            o.insert("cost_usd_max".into(), r.cost.as_ref().map(|c| c.total_usd_max).into());
            o.insert("quota".into(), serde_json::to_value(&r.quota).unwrap_or_default());
        }
        v.to_string()
    }
}

/// The endpoint url a bare body goes to: by its fields (`messages`: chat,
/// `prompt`: completions, `input`: embeddings for an embedding model, else
/// Responses).
fn url_for_body(body: &Map<String, Value>) -> &'static str {
    let model = body.get("model").and_then(Value::as_str).unwrap_or("");
    if body.contains_key("messages") {
        "/v1/chat/completions"
    } else if body.contains_key("prompt") && !body.contains_key("input") {
        "/v1/completions"
    } else if model.contains("embedding") {
        "/v1/embeddings"
    } else {
        "/v1/responses"
    }
}

/// The tokens of one request, as `batchlane check` counts them: `request`
/// is a batch line or a body (JSON); options `{model, endpoint, dialect}`.
/// Returns `{prompt_tokens, output_tokens, enqueued_tokens, model,
/// catalog_model, endpoint, diagnostics}` as JSON.
#[wasm_bindgen(js_name = countRequest)]
pub fn count_request(request: &str, options: &str) -> Result<String, JsValue> {
    let v: Value = serde_json::from_str(request).map_err(|e| option_error(format!("the request is not JSON: {e}")))?;
    let Value::Object(mut o) = v else { return Err(option_error("the request is not a JSON object")) };
    let opts: Value = serde_json::from_str(options).unwrap_or(Value::Null);
    let opt = |k: &str| opts.get(k).and_then(Value::as_str).map(str::to_string);
    let line = if o.contains_key("body") {
        Value::Object(o)
    } else {
        if let Some(m) = opt("model") {
            o.entry("model").or_insert(Value::String(m));
        }
        let url = opt("endpoint").unwrap_or_else(|| url_for_body(&o).to_string());
        json!({ "custom_id": "request-1", "method": "POST", "url": url, "body": Value::Object(o) })
    };
    let dialect = opt("dialect").unwrap_or_else(|| "openai".into());
    let check = json!({ "dialect": dialect, "model": opt("model"), "countTokens": true });
    let mut s = CheckSession::new(&check.to_string())?;
    let mut bytes = line.to_string().into_bytes();
    bytes.push(b'\n');
    s.feed(&bytes)?;
    let text = s.finish(None)?;
    let report: Value = serde_json::from_str(&text).map_err(|e| err("InternalError", e))?;
    let summary: Value = serde_json::from_str(&s.summary()).map_err(|e| err("InternalError", e))?;
    let endpoint = line.get("url").and_then(Value::as_str).and_then(Endpoint::from_url).map(|e| e.label());
    Ok(json!({
        "prompt_tokens": summary["prompt_tokens"],
        "output_tokens": summary["output_tokens"],
        "enqueued_tokens": summary["enqueued_tokens"],
        "model": summary["model"],
        "catalog_model": summary["catalog_model"],
        "endpoint": endpoint,
        "diagnostics": report["diagnostics"],
    })
    .to_string())
}

/// A streaming join of a batch's output, error and input files (each fed
/// in chunks), as `batchlane results` does.
#[wasm_bindgen]
pub struct JoinSession {
    joiner: Option<ResultsJoiner>,
    report: Option<batchlane_core::results::ResultsReport>,
    /// After `finish`: the retry plan, and the pass over the input under way.
    plan: Option<RetryPlan>,
    retry: Option<RetryExtractor>,
}

impl Default for JoinSession {
    fn default() -> Self {
        Self::new()
    }
}

#[wasm_bindgen]
impl JoinSession {
    #[wasm_bindgen(constructor)]
    pub fn new() -> JoinSession {
        JoinSession { joiner: Some(ResultsJoiner::new()), report: None, plan: None, retry: None }
    }

    fn joiner(&mut self) -> Result<&mut ResultsJoiner, JsValue> {
        self.joiner.as_mut().ok_or_else(|| err("Error", "this join is finished"))
    }

    #[wasm_bindgen(js_name = feedOutput)]
    pub fn feed_output(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        self.joiner()?.feed_output(chunk);
        Ok(())
    }

    #[wasm_bindgen(js_name = feedErrors)]
    pub fn feed_errors(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        self.joiner()?.feed_errors(chunk);
        Ok(())
    }

    #[wasm_bindgen(js_name = feedInput)]
    pub fn feed_input(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        self.joiner()?.feed_input(chunk);
        Ok(())
    }

    /// Ends the join: `batchlane results --format json`'s text, byte for
    /// byte (its final newline too). `model` prices every request as that model.
    pub fn finish(&mut self, model: Option<String>) -> Result<String, JsValue> {
        let j = self.joiner.take().ok_or_else(|| err("Error", "this join is finished"))?;
        let report = j.finish();
        let cost = cost_report(&report, &Catalog::builtin(), &CostOptions { model, ..Default::default() });
        let text =
            serde_json::to_string_pretty(&results_json(&report, &cost, None, None, None)).map_err(|e| err("InternalError", e))? + "\n";
        self.plan = Some(report.retry.clone());
        self.report = Some(report);
        Ok(text)
    }

    /// After `finish`: every request succeeded (the CLI's exit 0).
    pub fn ok(&self) -> bool {
        self.report.as_ref().is_some_and(|r| r.summary.all_succeeded())
    }

    /// After `finish`: `{custom_id: outcome}` in input order first, as JSON.
    pub fn outcomes(&self) -> String {
        let mut m = Map::new();
        for r in self.report.iter().flat_map(|r| &r.rows) {
            m.insert(r.custom_id.clone(), Value::String(r.outcome.code().to_string()));
        }
        Value::Object(m).to_string()
    }

    /// After `finish`, the input file again, chunk by chunk: the retry
    /// file's bytes completed by this chunk (a pass starts with the first
    /// chunk after `finish` or `retryFinish`).
    #[wasm_bindgen(js_name = retryFeed)]
    pub fn retry_feed(&mut self, chunk: &[u8]) -> Result<Vec<u8>, JsValue> {
        let plan = self.plan.as_ref().ok_or_else(|| err("Error", "finish the join first"))?;
        Ok(self.retry.get_or_insert_with(|| RetryExtractor::new(plan)).feed(chunk))
    }

    /// Ends a retry pass (an input that changed since the join is an error).
    #[wasm_bindgen(js_name = retryFinish)]
    pub fn retry_finish(&mut self) -> Result<(), JsValue> {
        let plan = self.plan.as_ref().ok_or_else(|| err("Error", "finish the join first"))?;
        let x = self.retry.take().unwrap_or_else(|| RetryExtractor::new(plan));
        x.finish().map_err(|e| err("ReadError", format!("cannot build the retry file: {e:?}")))
    }
}

/// The quota row, as `batchlane quota --format json` (JSON text).
#[wasm_bindgen]
pub fn quota(model: &str, deployment: &str, tier: &str) -> Result<String, JsValue> {
    let d = Scope::from_code(deployment)
        .ok_or_else(|| option_error(format!("unknown deployment '{deployment}' (global, datazone, regional or standard)")))?;
    let t = QuotaTier::from_code(tier).ok_or_else(|| option_error(format!("unknown tier '{tier}' (1 to 6, or free)")))?;
    tier_answer(&Catalog::builtin(), model, d, t).map(|a| a.to_json()).map_err(|e| err("NotFoundError", e))
}

/// The JSON Schema of a line format, as `batchlane schema` writes it.
#[wasm_bindgen(js_name = jsonSchema)]
pub fn json_schema(dialect: &str, kind: &str, endpoint: Option<String>) -> Result<String, JsValue> {
    let d = Dialect::from_name(dialect).ok_or_else(|| option_error(format!("unknown dialect '{dialect}' (azure or openai)")))?;
    let k = SchemaKind::from_name(kind).ok_or_else(|| option_error(format!("unknown kind '{kind}' (input, output, error or batch)")))?;
    let e = match endpoint {
        None => None,
        Some(url) => Some(Endpoint::from_url(&url).ok_or_else(|| option_error(format!("unknown endpoint '{url}'")))?),
    };
    core_json_schema(d, k, e).ok_or_else(|| option_error(format!("the {dialect} batch service takes no such endpoint")))
}
