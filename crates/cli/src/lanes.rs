//! `batchlane lanes --model M [--region R] [--data-zone] [--deadline-hours H]
//! [--tokens-per-day N] [--jobs FILE...] [--format text|json]`: every lane
//! the model is sold through (Batch, Flex, Priority, Standard, provisioned)
//! per deployment type, available or not and why (with the source), its
//! cost per day, whether it meets the deadline, and the cheapest lane that
//! does. `--jobs` reads the team's own batch lists (`GET /batches` pages or
//! batch objects) and tests the deadline against their p90 turnaround.
//! Exit 0: answered; 2: bad usage, an unknown model, or a job file that
//! cannot be read.

use crate::args::Format;
use crate::escape::Text;
use crate::exit::Exit;
use batchlane_core::batch::Dialect;
use batchlane_core::lanes::{choose_lanes, source_text, JobReader, LaneInput, LaneReport, Turnaround};
use std::ffi::OsString;
use std::io::Write;

pub const HELP: &str = "usage: batchlane lanes --model M [--region R] [--data-zone] [--deadline-hours H] [--tokens-per-day N]
                       [--prompt-share S] [--latency-tps T] [--dialect azure|openai] [--jobs FILE...]
                       [--format text|json] [--catalog FILE]... [--fact ID=VALUE]...

Every lane a model is sold through (batch, flex, priority, standard,
provisioned) on each deployment type (global, datazone, regional): available
or not and why, with the vendor's source and its date; cost per day; whether
it meets the deadline; and the cheapest lane that does.

  --region          an Azure region (francecentral, eastus2, ...)
  --data-zone       the data must stay in a data zone (US or EU): Global is out
  --deadline-hours  the work must be done within H hours
  --tokens-per-day  tokens a day (prompt and output together)
  --prompt-share    the share of those tokens that is prompt, 0 to 1 (default 0.5)
  --latency-tps     a request must be served at T tokens per second
  --jobs FILE...    JSON of your batch lists (GET /batches pages, several or
                    one, or batch objects): the deadline test uses your
                    jobs' p90 turnaround instead of the batch target
  --catalog FILE    use a catalog file's figures (batchlane facts import ... -o FILE
                    writes one); --fact ID=VALUE overrides one figure
  --format          text (default) or json:
                    {\"model\", \"lanes\": [{\"lane\", \"deployment_type\", \"available\",
                    \"why\", \"source\", \"meets_deadline\", \"usd_per_day\"}], \"cheapest\"}

Exit codes: 0 answered, 2 bad usage, an unknown model or an unreadable job file.";

struct Args {
    input: LaneInput,
    jobs: Vec<OsString>,
    format: Format,
    catalog: batchlane_core::facts::Catalog,
}

fn number(v: &str, flag: &str) -> Result<f64, String> {
    batchlane_core::io::parse_number(v).filter(|x| *x > 0.0).ok_or_else(|| format!("{flag} takes a positive number, not '{v}'"))
}

fn parse(args: &[OsString]) -> Result<Args, String> {
    let mut input = LaneInput::new("", Dialect::Azure);
    let (mut model, mut jobs, mut format) = (None, Vec::new(), Format::Text);
    let mut catalog = crate::catalog::CatalogArgs::default();
    crate::args::each_flag(args, &mut catalog, |a, it| {
        let mut value = |flag: &str| crate::args::value(it, flag);
        match crate::args::word(a) {
            "--model" => model = Some(value("--model")?),
            "--region" => input.region = Some(value("--region")?),
            "--data-zone" => input.data_zone = true,
            "--deadline-hours" => input.deadline_hours = Some(number(&value("--deadline-hours")?, "--deadline-hours")?),
            "--latency-tps" => input.latency_tps = Some(number(&value("--latency-tps")?, "--latency-tps")?),
            "--tokens-per-day" => {
                let v = value("--tokens-per-day")?;
                input.tokens_per_day =
                    Some(batchlane_core::io::parse_whole(&v).ok_or_else(|| format!("--tokens-per-day takes a whole number, not '{v}'"))?);
            }
            "--prompt-share" => {
                let v = value("--prompt-share")?;
                input.prompt_share = batchlane_core::io::parse_number(&v)
                    .filter(|x| (0.0..=1.0).contains(x))
                    .ok_or_else(|| format!("--prompt-share takes a number from 0 to 1, not '{v}'"))?;
            }
            "--dialect" => {
                let v = value("--dialect")?;
                input.dialect = Dialect::from_name(&v).ok_or_else(|| format!("unknown dialect '{v}' (azure or openai)"))?;
            }
            "--jobs" => {
                let before = jobs.len();
                while let Some(next) = it.peek() {
                    if crate::args::word(next).starts_with("--") {
                        break;
                    }
                    jobs.push((*next).clone());
                    it.next();
                }
                if jobs.len() == before {
                    return Err("--jobs needs at least one file".to_string());
                }
            }
            "--format" => format = crate::args::text_or_json(&value("--format")?)?,
            _ => return Err(format!("unexpected argument '{}'", crate::escape::Os(a))),
        }
        Ok(())
    })?;
    input.model = model.ok_or("--model is required")?;
    Ok(Args { input, jobs, format, catalog: catalog.catalog })
}

/// Reads every job file (bounded: a file's size is checked before it is read,
/// and no more than the limit is ever read).
fn read_jobs(files: &[OsString], region: Option<&str>) -> Result<Turnaround, String> {
    let mut reader = JobReader::new(region);
    for f in files {
        reader.add_path(std::path::Path::new(f)).map_err(|e| e.to_string())?;
    }
    Ok(reader.finish())
}

fn money(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), batchlane_core::format::format_usd)
}

fn to_text(r: &LaneReport, t: Option<&Turnaround>) -> String {
    let mut s = format!("{} ({})\n", r.model, r.dialect.name());
    for (i, row) in r.rows.iter().enumerate() {
        let mark = if Some(i) == r.cheapest { "*" } else { " " };
        let meets = match row.meets_deadline {
            Some(true) => "meets the need",
            Some(false) => "misses the need",
            None => "",
        };
        s += &format!(
            "{mark} {:<11} {:<8} {:<13} {:>12}/day  {meets}\n      {}\n",
            row.lane.code(),
            row.deployment_type.url_code(),
            if row.available { "available" } else { "not available" },
            money(row.usd_per_day),
            row.why.en
        );
        if let Some(src) = source_text(row) {
            s += &format!("      source: {src}\n");
        }
        if row.available {
            for risk in &row.risks {
                s += &format!("      risk: {}\n", risk.en);
            }
        }
    }
    if let Some(t) = t {
        s += &format!("your jobs: {} in {} files ({} listed twice)\n", t.jobs, t.files, t.repeats);
        for g in &t.groups {
            let h = |x: Option<i64>| x.map_or_else(|| "-".to_string(), |v| format!("{:.2} h", v as f64 / 3_600.0));
            s += &format!(
                "  {} {}: {} completed, p50 {}, p90 {}, max {}; {} failed, {} expired\n",
                g.model.as_deref().unwrap_or("(no model)"),
                g.endpoint.as_deref().unwrap_or("(no endpoint)"),
                g.stats.completed,
                h(g.stats.p50_seconds),
                h(g.stats.p90_seconds),
                h(g.stats.max_seconds),
                g.stats.failed,
                g.stats.expired
            );
        }
    }
    match r.cheapest {
        Some(i) => s += &format!("cheapest that meets the need: {} ({})\n", r.rows[i].lane.code(), r.rows[i].deployment_type.url_code()),
        None => s += "cheapest that meets the need: none\n",
    }
    s
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let mut args = match crate::args::parse_or_exit("lanes", HELP, args, out, err, parse) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let turnaround = if args.jobs.is_empty() {
        None
    } else {
        match read_jobs(&args.jobs, args.input.region.as_deref()) {
            Ok(t) => Some(t),
            Err(why) => {
                let _ = writeln!(err, "batchlane lanes: {}", Text(&why));
                return Exit::Unusable;
            }
        }
    };
    if let Some(t) = &turnaround {
        args.input.use_turnaround(t);
    }
    let report = match choose_lanes(&args.input, &args.catalog) {
        Ok(r) => r,
        Err(why) => {
            let _ = writeln!(err, "batchlane lanes: {}", Text(&why.to_string()));
            return Exit::Unusable;
        }
    };
    let written = match args.format {
        Format::Json => writeln!(out, "{}", report.to_json()),
        Format::Text => write!(out, "{}", to_text(&report, turnaround.as_ref())),
    };
    if written.is_err() {
        return Exit::Unusable;
    }
    Exit::Ok
}
