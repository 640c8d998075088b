//! Each request's work: the core function over the attached files, with
//! progress at most every [`PROGRESS_EVERY_MS`].

use super::poster::Poster;
use super::reader::{bytes_blob, import_traffic, jsonl_blob, OutFiles, Reader};
use super::tables::FetchedTiktoken;
use batchlane_core::batch::{
    merge_parts, owned_range, range_checker, Checker, NoTokenizer, Repairer, SplitLimits, Splitter, StructuralPart, TokenizerProvider,
};
use batchlane_core::cost::UsageParser;
use batchlane_core::facts::{diff_overlay, import_file, MAX_IMPORT_BYTES};
use batchlane_core::io::LineSplitter;
use batchlane_core::protocol::{decode, encode, Request, Response, WorkerFailure};
use batchlane_core::quota::simulate_within;
use batchlane_core::results::{FileKind, ResultsJoiner, RetryExtractor};
use web_sys::Blob;

/// At most one progress message per this many milliseconds.
const PROGRESS_EVERY_MS: f64 = 100.0;

/// Posts progress at most every [`PROGRESS_EVERY_MS`].
struct Ticker<'a> {
    out: &'a Poster<'a>,
    last: f64,
    total: u64,
}

impl<'a> Ticker<'a> {
    fn new(out: &'a Poster<'a>, total: u64) -> Self {
        Ticker { out, last: 0.0, total }
    }

    fn tick(&mut self, done: u64, lines: u64) {
        let now = js_sys::Date::now();
        if now - self.last >= PROGRESS_EVERY_MS {
            self.last = now;
            self.out.post(&Response::Progress { done, total: self.total, lines }, &[]);
        }
    }
}

fn first(blobs: &[Blob]) -> Result<Reader, WorkerFailure> {
    blobs.first().map(Reader::new).ok_or(WorkerFailure::NoFile)
}

/// The one read loop: each piece of `[start, end)` of `reader` goes to
/// `feed`, which answers how far the work is (bytes done, lines) for the
/// progress bar, or `None` to stop reading.
async fn read(
    reader: &Reader,
    (start, end): (u64, u64),
    t: &mut Ticker<'_>,
    mut feed: impl FnMut(&[u8]) -> Option<(u64, u64)>,
) -> Result<(), WorkerFailure> {
    reader.each(start, end, |chunk| feed(chunk).map(|(done, lines)| t.tick(done, lines)).is_some()).await
}

/// Feeds the whole attached file to `c`, posting progress as it goes.
async fn feed_file(out: &Poster<'_>, blobs: &[Blob], c: &mut Checker) -> Result<(), WorkerFailure> {
    let reader = first(blobs)?;
    let mut t = Ticker::new(out, reader.len);
    read(&reader, (0, reader.len), &mut t, |chunk| {
        c.feed(chunk);
        let p = c.progress();
        Some((p.bytes, p.lines))
    })
    .await
}

/// The lines of the file that the nominal range `[start, end)` owns.
fn owned(reader: &Reader, start: u64, end: u64) -> Result<(u64, u64), WorkerFailure> {
    let mut err = None;
    let r = owned_range(start, end, reader.len, |from| {
        reader.next_newline(from).unwrap_or_else(|e| {
            err = Some(e);
            None
        })
    });
    err.map_or(Ok(r), Err)
}

/// The ranges' parts merged into the report, or where only a single pass
/// is exact, the whole file checked here.
async fn merge(
    out: &Poster<'_>,
    blobs: &[Blob],
    options: batchlane_core::batch::CheckOptions,
    catalog: batchlane_core::facts::Catalog,
    parts: Vec<StructuralPart>,
) -> Result<(), WorkerFailure> {
    match merge_parts(parts, &options, &catalog) {
        Some(report) => out.post(&Response::Checked { report: Box::new(report) }, &[]),
        None => {
            let mut c = Checker::with_tokenizer(options, &catalog, Box::new(FetchedTiktoken));
            feed_file(out, blobs, &mut c).await?;
            out.post(&Response::Checked { report: Box::new(c.finish()) }, &[]);
        }
    }
    Ok(())
}

/// Runs one request and posts its final answer; an `Err` is posted as `Failed` by the caller.
pub async fn run(out: &Poster<'_>, request: Request, blobs: &[Blob]) -> Result<(), WorkerFailure> {
    match request {
        Request::Check { options, catalog, tokens } => {
            let mut c = if tokens {
                Checker::with_tokenizer(options, &catalog, Box::new(FetchedTiktoken))
            } else {
                Checker::with_tokenizer(options, &catalog, Box::new(NoTokenizer))
            };
            feed_file(out, blobs, &mut c).await?;
            out.post(&Response::Checked { report: Box::new(c.finish()) }, &[]);
        }
        Request::Range { options, catalog, start, end, at } => {
            let reader = first(blobs)?;
            let (a, b) = owned(&reader, start, end)?;
            let provider: Box<dyn TokenizerProvider> = if options.count_tokens { Box::new(FetchedTiktoken) } else { Box::new(NoTokenizer) };
            let mut c = range_checker(options, &catalog, provider, a, &at);
            let mut t = Ticker::new(out, b.saturating_sub(a));
            read(&reader, (a, b), &mut t, |chunk| {
                c.feed(chunk);
                let p = c.progress();
                Some((p.bytes, p.lines))
            })
            .await?;
            // The part goes beside its message as a blob: the page passes
            // it to the merge unread (no decoding and encoding again there).
            let part = c.finish_part();
            let blob = bytes_blob(encode(&part)?.as_bytes(), "application/json")?;
            out.post(&Response::Part { bytes: part.bytes, lines: part.lines }, &[blob]);
        }
        Request::Merge { options, catalog } => {
            let parts = blobs
                .get(1..)
                .unwrap_or_default()
                .iter()
                .map(|b| decode::<StructuralPart>(&Reader::new(b).read_text()?))
                .collect::<Result<Vec<_>, _>>()?;
            merge(out, blobs, options, catalog, parts).await?;
        }
        Request::Prepare { encoding } => {
            // Nothing is posted: the table is kept for the check to come
            // (a failure is logged, and the check fetches it again).
            drop(FetchedTiktoken.counter(encoding));
        }
        Request::Repair { options } => {
            let reader = first(blobs)?;
            let mut t = Ticker::new(out, reader.len);
            let mut files = OutFiles::default();
            let mut r = Repairer::new(options);
            let mut buf = Vec::new();
            let mut done = 0u64;
            read(&reader, (0, reader.len), &mut t, |chunk| {
                r.feed(chunk, &mut buf);
                files.push(0, &buf);
                buf.clear();
                done += chunk.len() as u64;
                Some((done, 0))
            })
            .await?;
            let outcome = r.finish(&mut buf);
            files.push(0, &buf);
            let blobs = files.into_blobs()?;
            out.post(&Response::Repaired { outcome }, &blobs);
        }
        Request::Split { options, catalog } => {
            let reader = first(blobs)?;
            let mut t = Ticker::new(out, reader.len);
            let limits = SplitLimits::from_catalog(&options, &catalog);
            let mut s = Splitter::new(limits, &options, &catalog, Box::new(FetchedTiktoken));
            let mut files = OutFiles::default();
            let mut done = 0u64;
            read(&reader, (0, reader.len), &mut t, |chunk| {
                s.feed(chunk, &mut |i, line| files.push(i, line));
                done += chunk.len() as u64;
                Some((done, 0))
            })
            .await?;
            let outcome = s.finish(&mut |i, line| files.push(i, line));
            let blobs = files.into_blobs()?;
            out.post(&Response::Split { outcome }, &blobs);
        }
        Request::Join { files } => {
            if files.len() != blobs.len() {
                return Err(WorkerFailure::FileCount { named: files.len() as u64, attached: blobs.len() as u64 });
            }
            let total = blobs.iter().map(|b| b.size() as u64).sum();
            let mut t = Ticker::new(out, total);
            let mut joiner = ResultsJoiner::new();
            let (mut done, mut lines) = (0u64, 0u64);
            for (kind, blob) in files.iter().zip(blobs) {
                let feed = |j: &mut ResultsJoiner, c: &[u8]| match kind {
                    FileKind::Output => j.feed_output(c),
                    FileKind::Errors => j.feed_errors(c),
                    _ => j.feed_input(c),
                };
                feed(&mut joiner, &[]);
                let reader = Reader::new(blob);
                read(&reader, (0, reader.len), &mut t, |chunk| {
                    feed(&mut joiner, chunk);
                    done += chunk.len() as u64;
                    Some((done, lines + joiner.progress(*kind).1))
                })
                .await?;
                lines += joiner.progress(*kind).1;
            }
            out.post(&Response::Joined { report: Box::new(joiner.finish()) }, &[]);
        }
        Request::RetryFile { plan } => {
            let reader = first(blobs)?;
            let mut t = Ticker::new(out, reader.len);
            let mut extractor = RetryExtractor::new(&plan);
            let parts = js_sys::Array::new();
            let (mut done, mut lines, mut bytes) = (0u64, 0u64, 0u64);
            read(&reader, (0, reader.len), &mut t, |chunk| {
                let got = extractor.feed(chunk);
                lines += got.iter().filter(|&&b| b == b'\n').count() as u64;
                bytes += got.len() as u64;
                parts.push(&js_sys::Uint8Array::from(got.as_slice()));
                done += chunk.len() as u64;
                Some((done, lines))
            })
            .await?;
            if let Err(error) = extractor.finish() {
                out.post(&Response::RetryFailed { error }, &[]);
                return Ok(());
            }
            out.post(&Response::RetryFile { lines, bytes }, &[jsonl_blob(&parts)?]);
        }
        Request::Simulate { config, budget } => {
            let mut t = Ticker::new(out, 0);
            let run = simulate_within(&config, budget, &mut |p| {
                t.total = p.ticks;
                t.tick(p.ticks_done, 0);
            });
            match run {
                Ok(run) => out.post(&Response::Simulated { run: Box::new(run) }, &[]),
                Err(errors) => return Err(WorkerFailure::SettingsRefused { count: errors.len() as u64 }),
            }
        }
        Request::Usage { limits } => {
            let reader = first(blobs)?;
            let mut t = Ticker::new(out, reader.len);
            let mut parser = UsageParser::new(limits);
            let mut lines = LineSplitter::new();
            let push = |parser: &mut UsageParser, number: u64, bytes: &[u8]| {
                // False once the budget is spent; later lines are ignored.
                parser.push_line(usize::try_from(number).unwrap_or(usize::MAX), &String::from_utf8_lossy(bytes));
            };
            read(&reader, (0, reader.len), &mut t, |chunk| {
                lines.feed(chunk, |l| push(&mut parser, l.number, l.bytes));
                (!parser.stopped()).then(|| (lines.bytes_read(), lines.lines_read()))
            })
            .await?;
            if !parser.stopped() {
                lines.finish(|l| push(&mut parser, l.number, l.bytes));
            }
            out.post(&Response::Usage { parsed: Box::new(parser.finish()) }, &[]);
        }
        Request::Traffic { files, options, catalog } => {
            if files.len() != blobs.len() {
                return Err(WorkerFailure::FileCount { named: files.len() as u64, attached: blobs.len() as u64 });
            }
            // Each file is streamed into the store (never held whole), its
            // bytes counted against the file's and the run's budget
            // whatever size it claims; the bar follows the bytes read.
            let total: u64 = blobs.iter().map(|b| b.size() as u64).fold(0, u64::saturating_add);
            let mut t = Ticker::new(out, total);
            let mut importer = batchlane_core::traffic::Importer::new();
            for (name, blob) in files.into_iter().zip(blobs) {
                if let Err(error) = import_traffic(&mut importer, &name, blob, &mut |done| t.tick(done.min(total), 0)) {
                    out.post(&Response::TrafficFailed { error }, &[]);
                    return Ok(());
                }
            }
            let (store, summaries, notices) = importer.finish();
            let report = batchlane_core::traffic::analyze_store(&store, summaries, notices, &options, &catalog);
            out.post(&Response::Traffic { report: Box::new(report) }, &[]);
        }
        Request::ImportFacts { files, today } => {
            if files.len() != blobs.len() {
                return Err(WorkerFailure::FileCount { named: files.len() as u64, attached: blobs.len() as u64 });
            }
            let total: u64 = blobs.iter().map(|b| b.size() as u64).fold(0, u64::saturating_add);
            let mut t = Ticker::new(out, total);
            let mut imports = Vec::with_capacity(files.len());
            let mut done = 0u64;
            for (name, blob) in files.iter().zip(blobs) {
                // Read up to one byte past the cap: a larger file is refused
                // by the importer, never read whole.
                let cap = MAX_IMPORT_BYTES.saturating_add(1);
                let mut bytes = Vec::new();
                let reader = Reader::new(blob);
                reader
                    .each(0, reader.len, |chunk| {
                        let room = cap.saturating_sub(bytes.len());
                        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
                        done = done.saturating_add(chunk.len() as u64);
                        t.tick(done.min(total), 0);
                        bytes.len() < cap
                    })
                    .await?;
                match import_file(name, &bytes, &today) {
                    Ok(i) => imports.push(i),
                    Err(problem) => {
                        out.post(&Response::FactsRefused { problem }, &[]);
                        return Ok(());
                    }
                }
            }
            let diff = diff_overlay(&imports);
            out.post(&Response::FactsImported { imports, diff: Box::new(diff) }, &[]);
        }
        Request::Turnaround { files, region } => {
            use batchlane_core::lanes::{JobReader, JobsError, MAX_JOB_FILE_BYTES};
            if files.len() != blobs.len() {
                return Err(WorkerFailure::FileCount { named: files.len() as u64, attached: blobs.len() as u64 });
            }
            let total: u64 = blobs.iter().map(|b| b.size() as u64).fold(0, u64::saturating_add);
            let mut t = Ticker::new(out, total);
            let mut jobs = JobReader::new(region.as_deref());
            let mut done = 0u64;
            for (name, blob) in files.into_iter().zip(blobs) {
                let reader = Reader::new(blob);
                // The size is checked before a byte is read; the reading stops at the limit whatever the size claimed.
                let too_big = || JobsError {
                    file: name.clone(),
                    line: None,
                    column: None,
                    message: format!("more than the {MAX_JOB_FILE_BYTES} bytes one job file may hold"),
                };
                if reader.len > MAX_JOB_FILE_BYTES as u64 {
                    out.post(&Response::TurnaroundFailed { error: too_big() }, &[]);
                    return Ok(());
                }
                let mut bytes = Vec::with_capacity(usize::try_from(reader.len).unwrap_or(0));
                reader
                    .each(0, reader.len, |chunk| {
                        bytes.extend_from_slice(chunk);
                        t.tick(done.saturating_add(bytes.len() as u64), 0);
                        bytes.len() <= MAX_JOB_FILE_BYTES
                    })
                    .await?;
                if bytes.len() > MAX_JOB_FILE_BYTES {
                    out.post(&Response::TurnaroundFailed { error: too_big() }, &[]);
                    return Ok(());
                }
                done = done.saturating_add(bytes.len() as u64);
                if let Err(error) = jobs.add_file(&name, &bytes) {
                    out.post(&Response::TurnaroundFailed { error }, &[]);
                    return Ok(());
                }
            }
            out.post(&Response::Turnaround { turnaround: Box::new(jobs.finish()) }, &[]);
        }
    }
    Ok(())
}
