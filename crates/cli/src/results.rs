//! `batchlane results`: join a batch's output and error files to its input,
//! print what happened to every request and write the retry file.

use crate::escape::os;
use crate::exit::Exit;
use crate::files::{same_file, AtomicFile};
use batchlane_core::facts::Catalog;
use batchlane_core::results::{
    analyze_job_with, cost_report, group_table, join_files, parse_job, results_json, retry_file_bytes, CostOptions, GroupKey, Vendor,
};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

pub const HELP: &str = "usage: batchlane results --output O [--errors E] [--input I] [--job J]
                         [--format text|json] [--retry-file PATH]
                         [--group-regex RE | --group-metadata FIELD] [--model NAME]
                         [--vendor azure|openai] [--now UNIX_SECONDS]

Joins the batch output file O and error file E to the input file I on
custom_id and classifies every request: succeeded, truncated,
content_filtered, rate_limited, server_error, client_error, batch_expired,
batch_cancelled, request_timeout, missing; also unexpected custom_ids and
duplicate result lines. --output or --errors (or both) must be given.

  --retry-file PATH  write the original input lines of the retryable
                     requests (rate_limited, server_error, batch_expired,
                     batch_cancelled, request_timeout, missing); needs --input.
                     content_filtered and client_error are never retried.
                     PATH must not be one of the files read (nor a link to
                     one); it is replaced only once complete.
  --job J            a batch object (batches.retrieve) as JSON: status,
                     deadlines and the output-file deletion date. When it
                     says expired, the requests of the input with no result
                     line count as batch_expired (not missing).
  --model NAME       price every request as this model (default: the
                     response body's model).
  --catalog FILE     use a catalog file's figures (prices; batchlane facts
                     import ... -o FILE writes one); repeatable
  --fact ID=VALUE    override one catalog figure; repeatable

Exit codes:
  0  every request succeeded (content_filtered and truncated count as NOT
     succeeded here: they are results, but not the answer asked for)
  1  some requests did not succeed, are missing or unexpected, or a line
     could not be read
  2  a file cannot be read, or bad usage";

struct Args {
    output: Option<PathBuf>,
    errors: Option<PathBuf>,
    input: Option<PathBuf>,
    job: Option<PathBuf>,
    json: bool,
    retry_file: Option<PathBuf>,
    group: Option<GroupKey>,
    model: Option<String>,
    vendor: Vendor,
    now: Option<i64>,
    catalog: Catalog,
}

fn parse_args(args: &[OsString]) -> Result<Args, String> {
    let mut a = Args {
        output: None,
        errors: None,
        input: None,
        job: None,
        json: false,
        retry_file: None,
        group: None,
        model: None,
        vendor: Vendor::Azure,
        now: None,
        catalog: Catalog::builtin(),
    };
    let mut catalog = crate::catalog::CatalogArgs::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if catalog.take(crate::args::word(arg), &mut it)? {
            continue;
        }
        let flag = crate::args::word(arg);
        // Paths stay OS strings; every other value is text.
        let mut path = || crate::args::value_os(&mut it, flag).map(PathBuf::from);
        match flag {
            "--output" => a.output = Some(path()?),
            "--errors" => a.errors = Some(path()?),
            "--input" => a.input = Some(path()?),
            "--job" => a.job = Some(path()?),
            "--retry-file" => a.retry_file = Some(path()?),
            _ => {}
        }
        if matches!(flag, "--output" | "--errors" | "--input" | "--job" | "--retry-file") {
            continue;
        }
        let mut value = || crate::args::value(&mut it, flag);
        match flag {
            "--model" => a.model = Some(value()?),
            "--group-regex" => a.group = Some(GroupKey::CustomIdRegex { pattern: value()? }),
            "--group-metadata" => a.group = Some(GroupKey::Metadata { field: value()? }),
            "--format" => match value()?.as_str() {
                "text" => a.json = false,
                "json" => a.json = true,
                other => return Err(format!("--format must be text or json, not {other}")),
            },
            "--vendor" => match value()?.as_str() {
                "azure" => a.vendor = Vendor::Azure,
                "openai" => a.vendor = Vendor::OpenAi,
                other => return Err(format!("--vendor must be azure or openai, not {other}")),
            },
            "--now" => a.now = Some(value()?.parse().map_err(|_| "--now must be Unix seconds".to_string())?),
            _ => return Err(format!("unknown argument {}", crate::escape::Os(arg))),
        }
    }
    if a.output.is_none() && a.errors.is_none() {
        return Err("give --output or --errors (or both)".into());
    }
    if a.retry_file.is_some() && a.input.is_none() {
        return Err("--retry-file needs --input: the retry file is made of the input's lines".into());
    }
    if let Some(retry) = &a.retry_file {
        let read = [("--input", &a.input), ("--output", &a.output), ("--errors", &a.errors), ("--job", &a.job)];
        for (flag, path) in read {
            if path.as_ref().is_some_and(|p| same_file(retry, p)) {
                return Err(format!(
                    "--retry-file is the {flag} file (the same file, a symlink or a hard link to it): write the retry file somewhere else"
                ));
            }
        }
    }
    a.catalog = catalog.catalog;
    Ok(a)
}

pub fn run(args: &[OsString], out: &mut dyn Write, err: &mut dyn Write) -> Exit {
    let a = match crate::args::parse_or_exit("results", HELP, args, out, err, parse_args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    match run_args(&a, out) {
        Ok(code) => code,
        Err(e) => {
            // Paths, OS errors and a parser's detail: shown escaped.
            let _ = writeln!(err, "batchlane results: {}", crate::escape::Text(&e));
            Exit::Unusable
        }
    }
}

fn run_args(a: &Args, out: &mut dyn Write) -> Result<Exit, String> {
    let mut report = join_files(a.output.as_deref(), a.errors.as_deref(), a.input.as_deref())?;
    let catalog = a.catalog.clone();
    let opts = CostOptions { model: a.model.clone(), ..Default::default() };
    let job = match &a.job {
        Some(p) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", os(p.as_os_str())))?;
            let job = parse_job(&text).map_err(|e| format!("{} is not a batch object: {e:?}", os(p.as_os_str())))?;
            // An expired job: its unanswered requests are batch_expired, not missing.
            report.apply_job(&job);
            let now = a.now.unwrap_or_else(now_unix);
            Some(analyze_job_with(&job, Some(&report), now, a.vendor, &catalog))
        }
        None => None,
    };
    let cost = cost_report(&report, &catalog, &opts);
    let groups = match &a.group {
        Some(key) => Some(group_table(&report, key, &catalog, &opts).map_err(|e| format!("bad group key: {e:?}"))?),
        None => None,
    };
    let mut retry_written = None;
    if let (Some(path), Some(input)) = (&a.retry_file, &a.input) {
        let bytes = retry_file_bytes(&report, input).map_err(|e| e.to_string())?;
        let write = || -> std::io::Result<()> {
            let mut w = AtomicFile::create(path)?;
            w.write_all(&bytes)?;
            w.commit()
        };
        write().map_err(|e| format!("cannot write {}: {e}", os(path.as_os_str())))?;
        retry_written = Some((os(path.as_os_str()), report.retry.entries.len()));
    }
    let all_succeeded = report.summary.all_succeeded();
    let w = if a.json {
        let retry = retry_written.as_ref().map(|(p, n)| (p.as_str(), *n));
        let value = results_json(&report, &cost, job.as_ref(), groups.as_ref(), retry);
        // Written as it is made, from the report itself: no copy of its
        // rows as JSON values or as one string (2 M rows: GBs).
        let mut w = std::io::BufWriter::with_capacity(1 << 20, &mut *out);
        serde_json::to_writer_pretty(&mut w, &value).map_err(std::io::Error::from).and_then(|()| writeln!(w)).and_then(|()| w.flush())
    } else {
        super::results_text::write_text(out, &report, &cost, job.as_ref(), groups.as_ref(), retry_written.as_ref())
    };
    w.map_err(|e| format!("cannot write the output: {e}"))?;
    Ok(if all_succeeded { Exit::Ok } else { Exit::Errors })
}

fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}
