//! `batchlane quota --model M --deployment global|datazone|standard
//! --tier 1..6 [--format text|json]`: one row of the vendor's quota-tier
//! tables, with the RPM per 1,000 TPM it implies, the PTU figures of the
//! model and where every figure comes from. `--tier free` is accepted too.
//! Exit 0: found; 2: bad usage, unknown model or combination (the message
//! names the closest known ones). Arguments are echoed on stderr escaped.

use crate::escape::Text;
use batchlane_core::facts::tiers::{self, FactSource, QuotaTier, TierDeployment, TierLimit};
use batchlane_core::facts::{builtin, Catalog, Certainty, Kind};
use serde_json::{json, Value};
use std::io::Write;

enum Format {
    Text,
    Json,
}

struct Args {
    model: String,
    deployment: TierDeployment,
    tier: QuotaTier,
    format: Format,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let (mut model, mut deployment, mut tier, mut format) = (None, None, None, Format::Text);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--model" => model = Some(value("--model")?),
            "--deployment" => {
                let v = value("--deployment")?;
                deployment =
                    Some(TierDeployment::from_code(&v).ok_or_else(|| format!("unknown deployment '{v}' (global, datazone or standard)"))?);
            }
            "--tier" => {
                let v = value("--tier")?;
                tier = Some(QuotaTier::from_code(&v).ok_or_else(|| format!("unknown tier '{v}' (1 to 6, or free)"))?);
            }
            "--format" => {
                format = match value("--format")?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    v => return Err(format!("unknown format '{v}' (text or json)")),
                }
            }
            s => return Err(format!("unexpected argument '{s}'")),
        }
    }
    Ok(Args {
        model: model.ok_or("--model is required")?,
        deployment: deployment.ok_or("--deployment is required (global, datazone or standard)")?,
        tier: tier.ok_or("--tier is required (1 to 6)")?,
        format,
    })
}

/// The tables' spelling of `wanted`: exact, else the only case-insensitive match.
fn known_model(wanted: &str) -> Option<&'static str> {
    let models = tiers::models();
    let wanted = wanted.trim();
    models.iter().find(|m| **m == wanted).or_else(|| models.iter().find(|m| m.eq_ignore_ascii_case(wanted))).copied()
}

/// Why there is no row, naming the closest known models or combinations.
fn not_found(args: &Args) -> String {
    let Some(model) = known_model(&args.model) else {
        let near = tiers::closest(&args.model, tiers::models(), 3);
        return format!("unknown model '{}'; closest known: {}", args.model, near.join(", "));
    };
    let combos: Vec<String> =
        tiers::rows().iter().filter(|r| r.model == model).map(|r| format!("{}/{}", r.deployment.code(), r.tier.code())).collect();
    let wanted = format!("{}/{}", args.deployment.code(), args.tier.code());
    let near = tiers::closest(&wanted, combos.iter().map(String::as_str), 4);
    format!(
        "{model} has no {} row at tier {}; closest known (deployment/tier): {}",
        args.deployment.code(),
        args.tier.code(),
        near.join(", ")
    )
}

/// A JSON number: an integer when the value is whole, else a float.
fn number(x: f64) -> Value {
    if x.is_finite() && x.fract() == 0.0 && x.abs() < 9.0e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

struct Answer {
    limit: TierLimit,
    ptu_output_weight: Option<f64>,
    ptu_min: Option<f64>,
    ptu_increment: Option<f64>,
    sources: Vec<FactSource>,
}

fn answer(catalog: &Catalog, model: &str, deployment: TierDeployment, tier: QuotaTier) -> Option<Answer> {
    let limit = tiers::limit(catalog, model, deployment, tier)?;
    let mut sources = limit.sources.clone();
    let mut ptu = |kind: Kind| {
        let fact = builtin(kind, model)?;
        sources.push(FactSource::of(fact));
        catalog.get(kind, model)
    };
    let ptu_output_weight = ptu(Kind::PtuOutputWeight);
    let (min, step) = match deployment {
        TierDeployment::Global | TierDeployment::DataZone => (Kind::PtuMinGlobal, Kind::PtuStepGlobal),
        TierDeployment::Standard => (Kind::PtuMinRegional, Kind::PtuStepRegional),
    };
    let ptu_min = ptu(min);
    let ptu_increment = ptu(step);
    Some(Answer { limit, ptu_output_weight, ptu_min, ptu_increment, sources })
}

/// The JSON answer, fields in the documented order.
#[derive(serde::Serialize)]
struct QuotaJson<'a> {
    model: &'a str,
    deployment: &'static str,
    tier: Value,
    tpm: Option<Value>,
    rpm: Value,
    rpm_window_seconds: Value,
    rpm_per_1000_tpm: Option<Value>,
    ptu_output_weight: Option<Value>,
    ptu_min: Option<Value>,
    ptu_increment: Option<Value>,
    sources: &'a [FactSource],
}

fn to_json(a: &Answer, deployment: TierDeployment) -> String {
    let l = &a.limit;
    let body = QuotaJson {
        model: &l.model,
        deployment: deployment.code(),
        tier: l.tier.number().map_or_else(|| json!(l.tier.code()), |n| json!(n)),
        tpm: l.tpm.map(number),
        rpm: number(l.rpm),
        rpm_window_seconds: number(l.window_seconds),
        rpm_per_1000_tpm: l.rpm_per_1000_tpm().map(number),
        ptu_output_weight: a.ptu_output_weight.map(number),
        ptu_min: a.ptu_min.map(number),
        ptu_increment: a.ptu_increment.map(number),
        sources: &a.sources,
    };
    serde_json::to_string(&body).unwrap_or_default()
}

/// A figure for the text output: thousands separators for whole numbers,
/// up to four decimals otherwise (o1's 0.1667).
fn figure(x: f64) -> String {
    if x.fract() == 0.0 {
        batchlane_core::format::format_count(x)
    } else {
        let s = format!("{x:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

fn to_text(a: &Answer, deployment: TierDeployment) -> String {
    let l = &a.limit;
    let mut s = format!("{} · {} · tier {}\n", l.model, deployment.vendor_name(), l.tier.code());
    let window = figure(l.window_seconds);
    match l.requests_per_minute() {
        Some(per_minute) if l.is_burst_limit() => {
            s += &format!(
                "requests: {} per {window} s (a burst limit, enforced per {window} s; {} per minute)\n",
                figure(l.rpm),
                figure(per_minute)
            )
        }
        _ => s += &format!("requests: {} per {window} s\n", figure(l.rpm)),
    }
    s += &match l.tpm {
        Some(t) => format!("tokens per minute: {}\n", figure(t)),
        None => "tokens per minute: none stated (limited by requests only)\n".to_string(),
    };
    if let Some(r) = l.rpm_per_1000_tpm() {
        s += &format!("RPM per 1,000 TPM: {}\n", figure(r));
    }
    let opt = |x: Option<f64>| x.map_or_else(|| "unknown".to_string(), figure);
    s += &format!("PTU: output weight {}, minimum {}, increment {}\n", opt(a.ptu_output_weight), opt(a.ptu_min), opt(a.ptu_increment));
    s += "sources:\n";
    for src in &a.sources {
        s += &format!("  {}  {}  {}\n", src.fact, src.source, src.as_of);
    }
    s
}

pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let args = match parse(args) {
        Ok(a) => a,
        Err(e) => {
            let _ = writeln!(err, "batchlane quota: {}\n{}", Text(&e), crate::USAGE);
            return 2;
        }
    };
    let catalog = Catalog::builtin();
    let found = known_model(&args.model).and_then(|m| answer(&catalog, m, args.deployment, args.tier));
    let Some(a) = found else {
        let _ = writeln!(err, "batchlane quota: {}", Text(&not_found(&args)));
        return 2;
    };
    if a.limit.certainty == Certainty::Unconfirmed {
        let _ = writeln!(err, "batchlane quota: note: the source marks this row TBD or gives 0; treat it as unconfirmed");
    }
    let written = match args.format {
        Format::Json => writeln!(out, "{}", to_json(&a, args.deployment)),
        Format::Text => write!(out, "{}", to_text(&a, args.deployment)),
    };
    if written.is_err() {
        return 2;
    }
    0
}
