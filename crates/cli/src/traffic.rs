//! `batchlane traffic FILE... [--limit NAME=TPM[/RPM]]...
//! [--deployment-type NAME=TYPE]... [--model NAME=MODEL]... [--tier 1..6]
//! [--ptu-pricing hourly|monthly|yearly] [--region R] [--fact ID=VALUE]...
//! [--format text|json]`: Azure Monitor exports (or the plain CSV) → per
//! deployment the limit that bound each throttled minute, the PTU count with
//! spillover that costs least, and the triage. The same engine as /traffic.
//! Exit 0: analysed; 2: bad usage or a file that cannot be read (the
//! message names the file, line and field). Every value from a file is
//! printed through the escaping.

use crate::escape::Text;
use crate::exit::Exit;
use batchlane_core::cost::PtuPricing;
use batchlane_core::facts::{Catalog, DeploymentType, QuotaTier};
use batchlane_core::format::{format_count, format_number, format_percent, format_usd};
use batchlane_core::traffic::{
    analyze_store, format_minute, parse_limit, Binds, Importer, LimitSource, TierPeak, TierReport, TrafficOptions, TrafficReport,
};
use std::io::Write;

const HELP: &str = "batchlane traffic FILE... [options]

Reads Azure Monitor exports of Azure OpenAI deployments and says, per
deployment, which limit bound in every minute with 429s, the PTU count with
spillover that costs least, and what to look at (docs/traffic.md).

FILE: az monitor metrics list --output json (Metrics - List), Log Analytics
AzureMetrics as CSV or JSON, or a CSV with the header
timestamp,deployment[,model,model_version,requests,status,prompt_tokens,
cached_tokens,completion_tokens,spillover,ttft_ms,tbt_ms,latency_ms,
service_tier_request,service_tier_response].
Several files are merged by time and deployment. Requests split by
ServiceTierRequest and ServiceTierResponse (and StatusCode) give, per
minute, the Priority requests answered as Standard and the Flex requests
answered 429; export them with --filter \"ServiceTierRequest eq '*' and
ServiceTierResponse eq '*' and StatusCode eq '*'\".

  --limit NAME=TPM[/RPM]        the deployment's limits (RPM from the catalog's
                                ratio when omitted; default: the tier's table)
  --deployment-type NAME=TYPE   global|datazone|regional|standard, or
                                global-ptu|datazone-ptu|regional-ptu (default
                                global, provisioned when the data shows it)
  --model NAME=MODEL            the model, when the data does not name it
  --tier 1..6                   the quota tier whose table gives limits (1)
  --ptu-pricing hourly|monthly|yearly   how PTUs are paid for (hourly)
  --catalog FILE                use a catalog file's figures (batchlane facts import)
  --region R                    the Azure region (armRegionName, e.g.
                                westeurope) whose Regional token and PTU
                                prices apply (default: the catalog's any)
  --fact ID=VALUE               override a catalog figure (e.g. a PTU price)
  --format text|json";

enum Format {
    Text,
    Json,
}

struct Args {
    files: Vec<std::path::PathBuf>,
    options: TrafficOptions,
    catalog: Catalog,
    format: Format,
}

fn pair(flag: &str, v: &str) -> Result<(String, String), String> {
    let (name, value) = v.rsplit_once('=').ok_or_else(|| format!("{flag} needs NAME=VALUE, got '{v}'"))?;
    if name.trim().is_empty() {
        return Err(format!("{flag}: the deployment name is empty in '{v}'"));
    }
    Ok((name.trim().to_string(), value.trim().to_string()))
}

fn parse(args: &[std::ffi::OsString]) -> Result<Args, String> {
    let mut a = Args { files: Vec::new(), options: TrafficOptions::default(), catalog: Catalog::builtin(), format: Format::Text };
    let mut catalog = crate::catalog::CatalogArgs::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if catalog.take(crate::args::word(arg), &mut it)? {
            continue;
        }
        let mut value = |flag: &str| crate::args::value(&mut it, flag);
        match crate::args::word(arg) {
            "--limit" => a.options.limits.push(parse_limit(&value("--limit")?).map_err(|e| format!("--{e}"))?),
            "--deployment-type" => {
                let (name, t) = pair("--deployment-type", &value("--deployment-type")?)?;
                let t = DeploymentType::from_code(&t).ok_or_else(|| {
                    format!("--deployment-type: unknown type '{t}' (global, datazone, regional, standard, global-ptu, datazone-ptu, regional-ptu)")
                })?;
                a.options.deployment_types.push((name, t));
            }
            "--model" => a.options.models.push(pair("--model", &value("--model")?)?),
            "--tier" => {
                let v = value("--tier")?;
                a.options.tier = QuotaTier::from_code(&v).ok_or_else(|| format!("unknown tier '{v}' (1 to 6)"))?;
            }
            "--ptu-pricing" => {
                let v = value("--ptu-pricing")?;
                a.options.ptu_pricing =
                    PtuPricing::from_code(&v).ok_or_else(|| format!("unknown --ptu-pricing '{v}' (hourly, monthly or yearly)"))?;
            }
            "--region" => {
                let v = value("--region")?;
                a.options.region = Some(batchlane_core::facts::parse_region(&v).map_err(|e| e.to_string())?.code.to_string());
            }
            "--format" => {
                a.format = match value("--format")?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    v => return Err(format!("unknown format '{v}' (text or json)")),
                }
            }
            s if s.starts_with("--") => return Err(format!("unexpected argument '{s}'")),
            // A path, UTF-8 or not.
            _ => a.files.push(arg.into()),
        }
    }
    if a.files.is_empty() {
        return Err("give at least one export file".into());
    }
    a.catalog = catalog.catalog;
    Ok(a)
}

fn binds_word(b: Binds) -> &'static str {
    match b {
        Binds::Tpm => "TPM",
        Binds::Rpm => "RPM",
        Binds::Burst => "burst (neither per-minute limit reached)",
        Binds::FlexCapacity => "Flex capacity (every 429 asked for Flex, no limit reached)",
        Binds::Utilization => "PTU utilization",
        Binds::Unknown => "unknown (no limit known)",
    }
}

/// Figures at or above this are written in scientific notation (a `--fact`
/// may be absurd: 1e308 would be 309 digits).
const PLAIN_BELOW: f64 = 1e15;

/// `x` through `plain`, or as `1.00e308` when it is too large to read.
fn figure(x: f64, plain: impl Fn(f64) -> String) -> String {
    if x.is_finite() && x.abs() >= PLAIN_BELOW {
        format!("{x:.2e}")
    } else {
        plain(x)
    }
}

/// A count and its share, `6 (25%)`.
fn with_share(n: f64, share: Option<f64>) -> String {
    match share {
        Some(p) => format!("{} ({})", format_count(n), format_percent(p)),
        None => format_count(n),
    }
}

/// Minutes listed in the text: the first [`LISTED_MINUTES`], a line each
/// (`line` words one), then how many more of `total` the JSON lists (`more`
/// names them). A deployment's 429 minutes and its tier minutes alike.
fn listed_minutes<T>(minutes: &[T], total: u64, more: &str, line: impl Fn(&T) -> String) -> String {
    let mut s = String::new();
    for m in minutes.iter().take(LISTED_MINUTES) {
        s += &format!("    {}\n", line(m));
    }
    if total > LISTED_MINUTES as u64 {
        s += &format!("    … {} {more} (--format json lists them)\n", format_count((total - LISTED_MINUTES as u64) as f64));
    }
    s
}

/// How many minutes the text lists before "… N more".
const LISTED_MINUTES: usize = 20;

/// A deployment's service tiers: downgrades and Flex 429s, their worst
/// minute, the minutes, the (asked → answered) totals and what is missing.
fn tiers_text(t: &TierReport) -> String {
    let mut s = String::new();
    let worst = |p: &Option<TierPeak>| match p {
        Some(p) => format!(", worst {}: {}", format_minute(p.at), with_share(p.count, Some(p.share))),
        None => String::new(),
    };
    match t.downgraded {
        Some(d) => {
            s += &format!(
                "  priority     {} asked, {} answered as standard (downgraded){}\n",
                format_count(t.priority_asked),
                with_share(d, t.downgrade_share),
                worst(&t.worst_downgrade)
            )
        }
        None => s += &format!("  priority     {} asked, downgrades unknown\n", format_count(t.priority_asked)),
    }
    match t.flex_429 {
        Some(n) => {
            s += &format!(
                "  flex         {} asked, {} answered 429{}\n",
                format_count(t.flex_asked),
                with_share(n, t.flex_429_share),
                worst(&t.worst_flex_429)
            )
        }
        None => s += &format!("  flex         {} asked, 429s unknown\n", format_count(t.flex_asked)),
    }
    if t.auto_asked > 0.0 {
        s += &format!("  auto         {} asked (the deployment's own tier, which the export does not say)\n", format_count(t.auto_asked));
    }
    s += &listed_minutes(&t.minutes, t.minutes_total, "more minutes", |m| {
        let mut parts = Vec::new();
        if let Some(d) = m.downgraded.filter(|d| *d > 0.0) {
            parts.push(format!("{} of {} priority downgraded", format_count(d), format_count(m.priority_asked)));
        }
        if let Some(f) = m.flex_429.filter(|f| *f > 0.0) {
            parts.push(format!("{} of {} flex answered 429", format_count(f), format_count(m.flex_asked)));
        }
        format!("{}  {}", format_minute(m.at), parts.join(" · "))
    });
    let pairs: Vec<String> =
        t.pairs.iter().map(|p| format!("{} → {} {}", Text(&p.request), Text(&p.response), format_count(p.requests))).collect();
    s += &format!("  tiers        asked → answered: {}\n", pairs.join(", "));
    if !t.unknown_values.is_empty() || t.unknown_more {
        let more = if t.unknown_more { " and more" } else { "" };
        let names: Vec<String> = t.unknown_values.iter().map(|v| Text(v).to_string()).collect();
        s += &format!("  tiers        values no page names (kept as read){more}: {}\n", names.join(", "));
    }
    for g in &t.gaps {
        s += &format!("  tiers        {}\n", g.text().en);
    }
    s
}

/// The report as text.
fn to_text(r: &TrafficReport) -> String {
    let mut s = String::new();
    for f in &r.files {
        s += &format!("{}: {} ({} points)\n", Text(&f.name), f.layout.code(), format_count(f.points as f64));
    }
    for n in &r.notices {
        let file = if n.file.is_empty() { String::new() } else { format!("{}: ", Text(&n.file)) };
        s += &format!("note: {file}{}\n", Text(&n.text.en));
    }
    for d in &r.deployments {
        s += &format!(
            "\n{} · {} · {} · {} to {} ({} minutes)\n",
            Text(&d.name),
            Text(d.model.as_deref().unwrap_or("model unknown")),
            d.deployment_type.code(),
            format_minute(d.first),
            format_minute(d.last),
            format_count(d.minutes as f64)
        );
        s += &format!(
            "  per minute   p50 {} TPM / {} RPM · p95 {} / {} · p99 {} / {} · peak {} / {}\n",
            format_count(d.p50.tpm),
            format_count(d.p50.rpm),
            format_count(d.p95.tpm),
            format_count(d.p95.rpm),
            format_count(d.p99.tpm),
            format_count(d.p99.rpm),
            format_count(d.peak.tpm),
            format_count(d.peak.rpm)
        );
        match &d.limits {
            Some(l) => {
                let source = match l.source {
                    LimitSource::Typed => "typed".to_string(),
                    LimitSource::Tier(t) => format!("tier {} table", t.code()),
                    LimitSource::Default => "the catalog's default quota".to_string(),
                };
                s += &format!("  limits       {} TPM, {} RPM ({source})\n", format_count(l.tpm), format_count(l.rpm));
            }
            None => s += "  limits       unknown: type them with --limit NAME=TPM[/RPM]\n",
        }
        if d.throttled_count > 0 {
            s += &format!(
                "  429s         {} in {} minutes: TPM bound {}, RPM {}, burst {}, {}PTU utilization {}, unknown {}\n",
                format_count(d.requests_429),
                format_count(d.throttled_count as f64),
                d.binds_tpm,
                d.binds_rpm,
                d.binds_burst,
                if d.binds_flex > 0 { format!("Flex capacity {}, ", d.binds_flex) } else { String::new() },
                d.binds_utilization,
                d.binds_unknown
            );
            s += &listed_minutes(&d.throttled_minutes, d.throttled_minutes.len() as u64, "more", |t| {
                format!("{}  {} × 429  {}", format_minute(t.at), format_count(t.requests_429), binds_word(t.binds))
            });
        }
        if let Some(t) = &d.tiers {
            s += &tiers_text(t);
        }
        for v in &d.model_versions {
            s += &format!("  version      {} from {} to {}\n", Text(&v.version), format_minute(v.from), format_minute(v.to));
        }
        if d.more_versions > 0 {
            let at_least = if d.more_versions_exact { "" } else { "at least " };
            s += &format!(
                "  version      … and {at_least}{} more (the first {} seen are listed)\n",
                format_count(d.more_versions as f64),
                d.model_versions.len()
            );
        }
    }
    for p in &r.ptu {
        s += &format!(
            "\nPTU · {} · {:?} · {} pricing · k = {} input TPM per PTU, w = {}\n",
            Text(&p.model),
            p.scope,
            p.pricing.code(),
            figure(p.input_tpm_per_ptu, format_count),
            figure(p.output_weight, |w| format_number(w, 2))
        );
        let spans = p.windows.iter().map(|w| (w.from, w.to)).collect::<std::collections::BTreeSet<_>>().len();
        s += &format!(
            "  window              {} to {}, {} minutes{} (figures scaled to 30 days)\n",
            format_minute(p.from),
            format_minute(p.to),
            format_count(p.minutes as f64),
            if spans > 1 { ": its deployments' own windows, not the time between them" } else { "" }
        );
        s += &format!("  all pay-as-you-go   {} a month\n", figure(p.payg.monthly_usd, format_usd));
        s += &format!(
            "  peak-sized          {} PTU, {} a month\n",
            figure(p.peak_sized.ptu, format_count),
            figure(p.peak_sized.monthly_usd, format_usd)
        );
        s += &format!(
            "  cheapest            {} PTU, {} a month, {} of the demand spills\n",
            figure(p.best.ptu, format_count),
            figure(p.best.monthly_usd, format_usd),
            format_percent(p.best.spilled_share)
        );
        if !p.cached_known {
            s += "  (no cached-token data: every prompt token counted)\n";
        }
    }
    for sk in &r.ptu_skipped {
        let model = Text(sk.model.as_deref().unwrap_or("model unknown"));
        s += &format!("\nPTU · {model} · {}: not costed: {}\n", sk.scope.url_code(), sk.reason.text().en);
    }
    s += "\nTriage\n";
    for f in &r.triage {
        s += &format!("- [{}] {}\n  → {}\n", f.symptom.code(), Text(&f.finding.en), Text(&f.action.en));
    }
    s
}

pub fn run(args: &[std::ffi::OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let a = match crate::args::parse_or_exit("traffic", HELP, args, out, err, parse) {
        Ok(a) => a,
        Err(code) => return code,
    };
    // Each file is read as a stream, its bytes counted against the file's
    // and the run's budget (a pipe or `/dev/zero` claims no size).
    let mut importer = Importer::new();
    for path in &a.files {
        // Named escaped (`caf\xe9.csv`) in messages and in the report.
        let f = &crate::escape::os(path.as_os_str());
        let mut file = match std::fs::File::open(path) {
            Ok(file) => file,
            Err(e) => {
                let _ = writeln!(err, "batchlane traffic: {}: {e}", Text(f));
                return Exit::Unusable;
            }
        };
        if let Err(e) = importer.read(f, &mut file, &mut |_| {}) {
            let _ = writeln!(err, "batchlane traffic: {}", Text(&e.display()));
            return Exit::Unusable;
        }
    }
    let (store, files, notices) = importer.finish();
    let report = analyze_store(&store, files, notices, &a.options, &a.catalog);
    let text = match a.format {
        Format::Json => format!("{}\n", report.to_json()),
        Format::Text => to_text(&report),
    };
    let _ = out.write_all(text.as_bytes());
    Exit::Ok
}
