//! `batchlane quota --model M --deployment global|datazone|regional|standard
//! --tier 1..6 [--format text|json]`: one row of the vendor's quota-tier
//! tables, with the RPM per 1,000 TPM it implies, the PTU figures of the
//! model and where every figure comes from. `--tier free` is accepted too.
//! Exit 0: found; 2: bad usage, unknown model or combination (the message
//! names the closest known ones). Arguments are echoed on stderr escaped.

use crate::args::Format;
use crate::escape::Text;
use crate::exit::Exit;
use batchlane_core::facts::{tier_answer_in, Catalog, Certainty, QuotaTier, Scope, TierAnswer};
use std::ffi::OsString;
use std::io::Write;

pub const HELP: &str = "usage: batchlane quota --model M --deployment global|datazone|regional|standard --tier 1..6
                       [--region R] [--format text|json] [--catalog FILE]... [--fact ID=VALUE]...

One row of the vendor's quota-tier tables: TPM, RPM (or the burst limit and
its window), the RPM per 1,000 TPM it implies, the model's PTU figures
(output weight, minimum, increment, input TPM per PTU), and the source and
as-of date of each figure.

  --deployment    global, datazone, or regional (= standard: Standard regional)
  --tier          1 to 6, or free (tiers 1 to 5 also show OpenAI's batch queue
                  limit of the model at that usage tier, where its page states one)
  --region        an Azure region (armRegionName, e.g. westeurope): the price
                  uplift and a PTU's hourly price of this deployment type there
  --format        text (default) or json (the dict the Python package returns)
  --catalog FILE  use a catalog file's figures (batchlane facts import ... -o FILE
                  writes one; a vendor file it reads works too); repeatable
  --fact ID=VALUE override one catalog figure; repeatable

Exit codes: 0 found, 2 bad usage or an unknown model or combination (the
message names the closest known ones).";

struct Args {
    catalog: Catalog,
    model: String,
    deployment: Scope,
    tier: QuotaTier,
    region: Option<String>,
    format: Format,
}

fn parse(args: &[OsString]) -> Result<Args, String> {
    let (mut model, mut deployment, mut tier, mut format) = (None, None, None, Format::Text);
    let mut region = None;
    let mut catalog = crate::catalog::CatalogArgs::default();
    crate::args::each_flag(args, &mut catalog, |a, it| {
        let mut value = |flag: &str| crate::args::value(it, flag);
        match crate::args::word(a) {
            "--model" => model = Some(value("--model")?),
            "--deployment" => {
                let v = value("--deployment")?;
                deployment =
                    Some(Scope::from_code(&v).ok_or_else(|| format!("unknown deployment '{v}' (global, datazone, regional or standard)"))?);
            }
            "--tier" => {
                let v = value("--tier")?;
                tier = Some(QuotaTier::from_code(&v).ok_or_else(|| format!("unknown tier '{v}' (1 to 6, or free)"))?);
            }
            "--region" => region = Some(value("--region")?),
            "--format" => format = crate::args::text_or_json(&value("--format")?)?,
            _ => return Err(format!("unexpected argument '{}'", crate::escape::Os(a))),
        }
        Ok(())
    })?;
    Ok(Args {
        catalog: catalog.catalog,
        model: model.ok_or("--model is required")?,
        deployment: deployment.ok_or("--deployment is required (global, datazone, regional or standard)")?,
        tier: tier.ok_or("--tier is required (1 to 6)")?,
        region,
        format,
    })
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

fn to_text(a: &TierAnswer) -> String {
    let deployment = a.deployment;
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
    s += &format!(
        "PTU: output weight {}, minimum {}, increment {}, input TPM per PTU {}\n",
        opt(a.ptu_output_weight),
        opt(a.ptu_min),
        opt(a.ptu_increment),
        opt(a.ptu_input_tpm_per_ptu)
    );
    if let Some(q) = a.openai_batch_queue_tokens {
        s += &format!("OpenAI batch queue limit at usage tier {}: {} enqueued tokens\n", l.tier.code(), figure(q));
    }
    if let Some(r) = &a.region {
        s += &format!(
            "in {}: token prices × {} of Global, PTU ${} per hour\n",
            r.region,
            figure(r.price_factor),
            figure(r.ptu_price_hourly)
        );
    }
    s += "sources:\n";
    for src in &a.sources {
        s += &format!("  {}  {}  {}\n", src.fact, src.source, src.as_of);
    }
    s
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let args = match crate::args::parse_or_exit("quota", HELP, args, out, err, parse) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let a = match tier_answer_in(&args.catalog, &args.model, args.deployment, args.tier, args.region.as_deref()) {
        Ok(a) => a,
        Err(why) => {
            let _ = writeln!(err, "batchlane quota: {}", Text(&why.to_string()));
            return Exit::Unusable;
        }
    };
    if a.limit.certainty == Certainty::Unconfirmed {
        let _ = writeln!(err, "batchlane quota: note: the source marks this row TBD or gives 0; treat it as unconfirmed");
    }
    let written = match args.format {
        Format::Json => writeln!(out, "{}", a.to_json()),
        Format::Text => write!(out, "{}", to_text(&a)),
    };
    if written.is_err() {
        return Exit::Unusable;
    }
    Exit::Ok
}
