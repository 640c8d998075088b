//! A saved Azure Retail Prices API response
//! (`https://prices.azure.com/api/retail/prices?$filter=...`): one page
//! `{"Items":[...],"NextPageLink":...}` or an array of pages. A meter
//! becomes a catalog price where the catalog has that figure: the Global
//! (`glbl`) input, cached-input and output token meters of a model the
//! catalog prices, in USD, per 1K or 1M tokens → USD per 1M tokens
//! (`price_input`, `price_cached_input`, `price_output`), dated by its
//! `effectiveStartDate`. Every other meter (data zone and regional ones,
//! whose prices the catalog derives by a factor; batch, fine-tuning, audio,
//! realtime, provisioned; a model the catalog does not price) is reported
//! with its line, never an error.

use super::json::{capped_problem, check_line_lengths, item_offsets, line_of, set_item_budget, Capped};
use super::{import_problem, is_date, plain_text, FileKind, ImportProblem, Imported, ImportedFact, MAX_IMPORT_ITEMS, MAX_JSON_LINE_BYTES};
use crate::facts::{builtin, Certainty, Kind, Unit};
use std::collections::BTreeMap;

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Item {
    #[serde(rename = "currencyCode")]
    currency: Option<String>,
    #[serde(rename = "retailPrice")]
    retail_price: Option<f64>,
    #[serde(rename = "unitOfMeasure")]
    unit: Option<String>,
    #[serde(rename = "meterName")]
    meter: Option<String>,
    #[serde(rename = "effectiveStartDate")]
    effective: Option<String>,
    #[serde(rename = "isPrimaryMeterRegion")]
    primary: Option<bool>,
    #[serde(rename = "type")]
    kind: Option<String>,
}

#[derive(serde::Deserialize, Default)]
struct Page {
    #[serde(rename = "Items", default)]
    items: Capped<Item>,
}

/// Meter-name words of meters the catalog has no per-model figure for.
const OTHER_METERS: &[&str] = &[
    "batch",
    "bt",
    "pp",
    "ptu",
    "provisioned",
    "ft",
    "fine",
    "ftuned",
    "training",
    "trng",
    "hosting",
    "host",
    "rt",
    "realtime",
    "aud",
    "audio",
    "img",
    "image",
    "images",
    "priority",
    "prty",
    "longco",
    "lngco",
    "lc",
    "grader",
    "tts",
    "stt",
    "transcribe",
    "transcription",
    "code",
    "interpreter",
    "session",
    "sessions",
    "flex",
];
const INPUT: &[&str] = &["inp", "inpt", "input", "in"];
const OUTPUT: &[&str] = &["outp", "outpt", "opt", "output", "out"];
const CACHED: &[&str] = &["cached", "cchd", "cd", "cache", "cch", "cchd-inp"];
const GLOBAL: &[&str] = &["glbl", "gl", "glb", "global"];
const ELSEWHERE: &[&str] = &["dz", "dzone", "datazone", "dzn", "rgnl", "regional", "regnl", "rgn", "data"];
/// Words that say nothing of the model.
const NOISE: &[&str] = &["tokens", "token", "1m", "1k", "shortco", "sc", "std", "standard"];

/// The model a meter name's words before the direction stand for
/// (`gpt 4.1 mini 0414` → `gpt-4.1-mini`, `5.4` → `gpt-5.4`).
fn model_of(words: &[&str]) -> String {
    let kept: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !NOISE.contains(w) && !CACHED.contains(w))
        // A version date (0806, 1120, 20240806).
        .filter(|w| !(w.len() >= 4 && w.bytes().all(|b| b.is_ascii_digit())))
        .collect();
    let mut m = kept.join("-");
    if m.starts_with("gpt") && m.as_bytes().get(3).is_some_and(u8::is_ascii_digit) {
        m.insert(3, '-');
    }
    if m.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        m.insert_str(0, "gpt-");
    }
    m
}

/// The figure one meter is, or why it is none.
fn meter_fact(item: &Item) -> Result<(Kind, String, f64), String> {
    let meter = item.meter.as_deref().unwrap_or("");
    if meter.is_empty() {
        return Err("no meterName".into());
    }
    if !plain_text(meter) {
        return Err("the meterName holds a control character or is too long".into());
    }
    match item.currency.as_deref() {
        Some("USD") => {}
        other => return Err(format!("currency {} (the catalog prices in USD)", other.unwrap_or("missing"))),
    }
    if item.kind.as_deref().is_some_and(|k| k != "Consumption") {
        return Err("not a consumption (pay-as-you-go) meter".into());
    }
    let per = match item.unit.as_deref() {
        Some("1K") => 1_000.0,
        Some("1M") => 1.0,
        other => return Err(format!("unit {} is not 1K or 1M tokens", other.unwrap_or("missing"))),
    };
    let lower = meter.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| c.is_whitespace() || c == '-' || c == '_').filter(|w| !w.is_empty()).collect();
    if let Some(w) = words.iter().find(|w| OTHER_METERS.contains(w)) {
        return Err(format!("a '{w}' meter: the catalog has no per-model figure for it"));
    }
    let Some(at) = words.iter().position(|w| INPUT.contains(w) || OUTPUT.contains(w)) else {
        return Err("names neither input nor output".into());
    };
    let output = OUTPUT.contains(&words[at]);
    let cached = words.iter().any(|w| CACHED.contains(w));
    let scope = &words[at + 1..];
    if scope.iter().any(|w| ELSEWHERE.contains(w)) {
        return Err("a data zone or regional meter: the catalog derives those prices by a factor".into());
    }
    if !scope.iter().any(|w| GLOBAL.contains(w)) {
        return Err("names no Global deployment (glbl)".into());
    }
    let kind = match (output, cached) {
        (true, _) => Kind::PriceOutput,
        (false, true) => Kind::PriceCachedInput,
        (false, false) => Kind::PriceInput,
    };
    let model = model_of(&words[..at]);
    if builtin(Kind::PriceInput, &model).is_none() && builtin(Kind::PriceOutput, &model).is_none() {
        return Err(format!("model '{model}': the catalog prices no such model"));
    }
    let price = item.retail_price.ok_or("no retailPrice")?;
    if !price.is_finite() || price < 0.0 {
        return Err(format!("retailPrice {price} is not a price"));
    }
    // USD per 1M tokens, without the float dust of × 1,000.
    let value = (price * per * 1e9).round() / 1e9;
    if !value.is_finite() {
        return Err(format!("retailPrice {price} is not a price"));
    }
    Ok((kind, model, value))
}

/// The meter kept for one figure so far.
struct Chosen {
    primary: bool,
    date: String,
    value: f64,
    line: usize,
    meter: String,
    index: usize,
}

pub fn read(name: &str, bytes: &[u8]) -> Result<Imported, ImportProblem> {
    check_line_lengths(name, bytes, MAX_JSON_LINE_BYTES)?;
    set_item_budget(MAX_IMPORT_ITEMS);
    let text_start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
    let pages: Vec<Page> = if bytes.get(text_start) == Some(&b'[') {
        serde_json::from_slice::<Capped<Page>>(bytes).map(|p| p.0)
    } else {
        serde_json::from_slice::<Page>(bytes).map(|p| vec![p])
    }
    .map_err(|e| capped_problem(name, bytes, &e, "Items", MAX_IMPORT_ITEMS))?;
    let offsets = item_offsets(bytes, b"Items", MAX_IMPORT_ITEMS);
    let mut out = Imported { file: name.to_string(), kind: Some(FileKind::RetailPrices), ..Imported::default() };
    // The chosen meter per figure: (primary region, effective date) decides; its line.
    let mut chosen: BTreeMap<(Kind, String), Chosen> = BTreeMap::new();
    for (i, item) in pages.iter().flat_map(|p| p.items.0.iter()).enumerate() {
        let line = offsets.get(i).map_or(0, |&o| line_of(bytes, o));
        let field = format!("Items[{i}].meterName");
        let (kind, model, value) = match meter_fact(item) {
            Ok(x) => x,
            Err(why) => {
                let meter: String = item.meter.as_deref().unwrap_or("").chars().take(80).collect();
                out.skipped.push(import_problem(name, line, &field, format!("'{meter}': {why}")));
                continue;
            }
        };
        let date = item.effective.as_deref().and_then(|d| d.get(..10)).filter(|d| is_date(d));
        let Some(date) = date else {
            out.skipped.push(import_problem(name, line, &format!("Items[{i}].effectiveStartDate"), "not a date"));
            continue;
        };
        let primary = item.primary.unwrap_or(false);
        let meter = item.meter.clone().unwrap_or_default();
        let key = (kind, model);
        let keep_old = chosen.get(&key).is_some_and(|c| (c.primary, c.date.as_str()) >= (primary, date));
        let (loser_line, loser_field, loser_meter, loser_value, winner) = if keep_old {
            let Some(c) = chosen.get(&key) else { continue };
            (line, field, meter, value, format!("line {}'s meter ({})", c.line, c.value))
        } else {
            let winner = format!("line {line}'s meter ({value})");
            match chosen.insert(key, Chosen { primary, date: date.to_string(), value, line, meter, index: i }) {
                Some(c) => (c.line, format!("Items[{}].meterName", c.index), c.meter, c.value, winner),
                None => continue,
            }
        };
        let why = format!("'{loser_meter}' gives {loser_value}; {winner} is kept (primary region, then the later date)");
        out.skipped.push(import_problem(name, loser_line, &loser_field, why));
    }
    for ((kind, model), c) in chosen {
        out.facts.push(ImportedFact {
            id: format!("{kind}.{model}"),
            value: c.value,
            unit: Unit::UsdPerMTokens,
            source: format!("{name} ({}, line {}: meter '{}')", FileKind::RetailPrices.describe(), c.line, c.meter),
            as_of: c.date,
            certainty: Certainty::Documented,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meter_names_become_models() {
        let m = |s: &str| {
            let lower = s.to_lowercase();
            let words: Vec<&str> = lower.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()).collect();
            model_of(&words)
        };
        assert_eq!(m("gpt 4o 0806"), "gpt-4o");
        assert_eq!(m("gpt-4.1-mini-0414"), "gpt-4.1-mini");
        assert_eq!(m("5.4"), "gpt-5.4");
        assert_eq!(m("GPT 5"), "gpt-5");
        assert_eq!(m("o3 mini 0131"), "o3-mini");
        assert_eq!(m("gpt 4.1 nano cached"), "gpt-4.1-nano");
    }
}
