//! Turnaround from the team's own jobs: the JSON of a batch list (`GET
//! /batches`: pages `{"object":"list","data":[…],"has_more":…}`, one or
//! several in a file, or an array of them) or of single batch objects, read
//! bounded (bytes per file, line length, files, jobs), into per model and
//! endpoint (and the region the user names for the files) the distribution
//! of `created_at → completed_at`, the failures and the expiries.
//!
//! Percentiles are nearest-rank: of the n durations sorted ascending, the
//! p-th percentile is the one at rank ⌈p × n ∕ 100⌉ (1-based), so it is
//! always a duration some job took; p50 of 4 jobs is the 2nd, p90 of 4 the 4th.

use crate::facts::model_for_name;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::fmt;

/// Bytes one file may hold.
pub const MAX_JOB_FILE_BYTES: usize = 64 * 1024 * 1024;
/// Bytes one line may hold (a page printed on one line is well under it).
pub const MAX_JOB_LINE_BYTES: usize = 8 * 1024 * 1024;
/// Files in one reading.
pub const MAX_JOB_FILES: usize = 256;
/// Jobs in one reading (after removing repeats across pages).
pub const MAX_JOBS: usize = 500_000;
/// What went wrong in one file: its name, where, and in the reader's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobsError {
    pub file: String,
    /// 1-based, when the problem has a place.
    pub line: Option<u64>,
    pub column: Option<u64>,
    pub message: String,
}

impl fmt::Display for JobsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}: line {l}, column {c}: {}", self.file, self.message),
            (Some(l), None) => write!(f, "{}: line {l}: {}", self.file, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for JobsError {}

/// One job as the list gives it: only what the turnaround needs.
#[derive(Clone, Debug, Default, PartialEq)]
struct Job {
    id: Option<String>,
    model: Option<String>,
    endpoint: Option<String>,
    status: Option<String>,
    created_at: Option<i64>,
    completed_at: Option<i64>,
}

/// The distribution for one group of jobs. Durations in seconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnaroundStats {
    /// Completed jobs with both times (the durations' count).
    pub completed: u64,
    pub p50_seconds: Option<i64>,
    pub p90_seconds: Option<i64>,
    pub max_seconds: Option<i64>,
    pub failed: u64,
    pub expired: u64,
    pub cancelled: u64,
    /// Not finished when listed (validating, in_progress, finalizing, cancelling, …).
    pub running: u64,
}

/// One model × endpoint (× region) group.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnaroundGroup {
    /// The catalog's name when the job's model resolves to one, else as listed;
    /// `None`: the listing does not say (older batch objects carry no model).
    pub model: Option<String>,
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub stats: TurnaroundStats,
}

/// What a reading gives: per model × endpoint, and per model over every endpoint.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Turnaround {
    pub groups: Vec<TurnaroundGroup>,
    /// Per model, every endpoint together (`endpoint: None`).
    pub models: Vec<TurnaroundGroup>,
    pub jobs: u64,
    pub files: u64,
    /// Jobs listed again (the same id in two pages), counted once.
    pub repeats: u64,
    /// Completed jobs whose times are missing or run backwards, left out of the durations.
    pub unusable_times: u64,
}

impl Turnaround {
    /// The stats for `model` (any spelling that resolves to the same catalog model).
    pub fn for_model(&self, model: &str) -> Option<&TurnaroundGroup> {
        let want = canonical(model);
        self.models.iter().find(|g| g.model.as_deref() == Some(want.as_str()))
    }
}

fn canonical(model: &str) -> String {
    model_for_name(model).map_or_else(|| model.trim().to_string(), |m| m.name.to_string())
}

/// The nearest-rank percentile of `sorted` (ascending); `None` when empty.
pub fn nearest_rank(sorted: &[i64], p: u32) -> Option<i64> {
    let n = sorted.len();
    if n == 0 {
        return None;
    }
    let rank = (u64::from(p.min(100)).saturating_mul(n as u64)).div_ceil(100).max(1);
    sorted.get((rank - 1) as usize).copied()
}

/// A group's durations (seconds) and counts while reading.
type Acc = (Vec<i64>, TurnaroundStats);

/// Reads job lists file by file, then [`JobReader::finish`]es.
#[derive(Debug, Default)]
pub struct JobReader {
    region: Option<String>,
    jobs: Vec<Job>,
    seen: HashSet<String>,
    files: u64,
    repeats: u64,
}

impl JobReader {
    /// `region`: the region the user names for these jobs (the listing does not carry one).
    pub fn new(region: Option<&str>) -> Self {
        JobReader { region: region.map(|r| r.trim().to_ascii_lowercase()).filter(|r| !r.is_empty()), ..Self::default() }
    }

    pub fn jobs_read(&self) -> usize {
        self.jobs.len()
    }

    /// Reads one job file from disk and adds it: no more than
    /// [`MAX_JOB_FILE_BYTES`] (and one byte to know it is more) is ever read;
    /// the file is named as `io::path_name` writes it. The CLI's `--jobs`
    /// and Python's `lanes(jobs=…)` both read through this.
    pub fn add_path(&mut self, path: &std::path::Path) -> Result<(), JobsError> {
        use std::io::Read;
        let name = crate::io::path_name(path.as_os_str());
        let fail = |message: String| JobsError { file: name.clone(), line: None, column: None, message };
        let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
        let mut bytes = Vec::new();
        file.take(MAX_JOB_FILE_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(|e| fail(e.to_string()))?;
        if bytes.len() > MAX_JOB_FILE_BYTES {
            return Err(fail(format!("more than the {MAX_JOB_FILE_BYTES} bytes one job file may hold")));
        }
        self.add_file(&name, &bytes)
    }

    /// Reads one file's bytes. On an error nothing of this file is kept.
    pub fn add_file(&mut self, name: &str, bytes: &[u8]) -> Result<(), JobsError> {
        let err = |line: Option<u64>, column: Option<u64>, message: String| JobsError { file: name.to_string(), line, column, message };
        if self.files >= MAX_JOB_FILES as u64 {
            return Err(err(None, None, format!("more than {MAX_JOB_FILES} files in one reading")));
        }
        if bytes.len() > MAX_JOB_FILE_BYTES {
            return Err(err(None, None, format!("{} bytes, more than the {MAX_JOB_FILE_BYTES} one file may hold", bytes.len())));
        }
        let mut line = 0u64;
        for piece in bytes.split(|&b| b == b'\n') {
            line = line.saturating_add(1);
            if piece.len() > MAX_JOB_LINE_BYTES {
                return Err(err(Some(line), None, format!("a line of more than {MAX_JOB_LINE_BYTES} bytes")));
            }
        }
        let before = self.jobs.len();
        let repeats_before = self.repeats;
        let mut stream = serde_json::Deserializer::from_slice(bytes);
        let mut values = 0u64;
        let result = loop {
            // Whitespace between values (and at the end) is skipped by the next read.
            match (TopSeed { reader: self, depth: 0 }).deserialize(&mut stream) {
                Ok(()) => values += 1,
                Err(e) if e.is_eof() && values > 0 => break Ok(()),
                Err(e) if e.is_eof() => break Err(err(None, None, "no JSON value (an empty file)".to_string())),
                Err(e) => {
                    let msg = e.to_string();
                    let msg = msg.split_once(" at line ").map_or(msg.as_str(), |(m, _)| m).to_string();
                    break Err(err(Some(e.line() as u64), Some(e.column() as u64), msg));
                }
            }
        };
        match result {
            Ok(()) => {
                self.files += 1;
                Ok(())
            }
            Err(e) => {
                for job in self.jobs.drain(before..) {
                    if let Some(id) = job.id {
                        self.seen.remove(&id);
                    }
                }
                self.repeats = repeats_before;
                Err(e)
            }
        }
    }

    fn push(&mut self, job: Job) -> Result<(), String> {
        if let Some(id) = &job.id {
            if self.seen.contains(id) {
                self.repeats = self.repeats.saturating_add(1);
                return Ok(());
            }
        }
        if self.jobs.len() >= MAX_JOBS {
            return Err(format!("more than {MAX_JOBS} jobs in one reading"));
        }
        if let Some(id) = &job.id {
            self.seen.insert(id.clone());
        }
        self.jobs.push(job);
        Ok(())
    }

    /// The groups, sorted by model then endpoint.
    pub fn finish(self) -> Turnaround {
        let mut groups: BTreeMap<(Option<String>, Option<String>), Acc> = BTreeMap::new();
        let mut models: BTreeMap<Option<String>, Acc> = BTreeMap::new();
        let mut unusable = 0u64;
        let jobs = self.jobs.len() as u64;
        for job in self.jobs {
            let model = job.model.as_deref().map(canonical);
            let status = job.status.as_deref().map(str::to_ascii_lowercase).unwrap_or_default();
            let duration = match (job.created_at, job.completed_at) {
                (Some(c), Some(d)) if d >= c => Some(d - c),
                _ => None,
            };
            for (durations, stats) in
                [groups.entry((model.clone(), job.endpoint.clone())).or_default(), models.entry(model.clone()).or_default()]
            {
                match status.as_str() {
                    "completed" => {
                        if let Some(d) = duration {
                            durations.push(d);
                            stats.completed = stats.completed.saturating_add(1);
                        }
                    }
                    "failed" => stats.failed = stats.failed.saturating_add(1),
                    "expired" => stats.expired = stats.expired.saturating_add(1),
                    "cancelled" => stats.cancelled = stats.cancelled.saturating_add(1),
                    _ => stats.running = stats.running.saturating_add(1),
                }
            }
            if status == "completed" && duration.is_none() {
                unusable = unusable.saturating_add(1);
            }
        }
        let settle = |(mut d, mut s): (Vec<i64>, TurnaroundStats)| {
            d.sort_unstable();
            s.p50_seconds = nearest_rank(&d, 50);
            s.p90_seconds = nearest_rank(&d, 90);
            s.max_seconds = d.last().copied();
            s
        };
        let region = self.region;
        Turnaround {
            groups: groups
                .into_iter()
                .map(|((model, endpoint), v)| TurnaroundGroup { model, endpoint, region: region.clone(), stats: settle(v) })
                .collect(),
            models: models
                .into_iter()
                .map(|(model, v)| TurnaroundGroup { model, endpoint: None, region: region.clone(), stats: settle(v) })
                .collect(),
            jobs,
            files: self.files,
            repeats: self.repeats,
            unusable_times: unusable,
        }
    }
}

/// A top-level value: a list page, a batch object, or an array of them.
struct TopSeed<'r> {
    reader: &'r mut JobReader,
    depth: u8,
}

impl<'de> DeserializeSeed<'de> for TopSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for TopSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a batch list page ({\"object\": \"list\", \"data\": [...]}), a batch object, or an array of them")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        if self.depth > 0 {
            return Err(de::Error::custom("an array inside an array: expected pages or batch objects"));
        }
        while seq.next_element_seed(TopSeed { reader: self.reader, depth: 1 })?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut job = Job::default();
        let mut object: Option<String> = None;
        let mut had_data = false;
        while let Some(key) = map.next_key::<KeyName>()? {
            match key.0.as_str() {
                "object" => object = map.next_value::<Option<String>>().map_err(field_err("object"))?,
                "data" => {
                    had_data = true;
                    map.next_value_seed(DataSeed { reader: self.reader })?;
                }
                "id" => job.id = map.next_value::<Option<String>>().map_err(field_err("id"))?,
                "model" => job.model = map.next_value::<Option<String>>().map_err(field_err("model"))?,
                "endpoint" => job.endpoint = map.next_value::<Option<String>>().map_err(field_err("endpoint"))?,
                "status" => job.status = map.next_value::<Option<String>>().map_err(field_err("status"))?,
                "created_at" => job.created_at = map.next_value::<Time>()?.0,
                "completed_at" => job.completed_at = map.next_value::<Time>()?.0,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if object.as_deref() == Some("list") || had_data {
            return Ok(());
        }
        if job.created_at.is_none() && job.status.is_none() {
            return Err(de::Error::custom(
                "neither a batch list page (object \"list\" with data) nor a batch object (no created_at or status)",
            ));
        }
        self.reader.push(job).map_err(de::Error::custom)
    }
}

fn field_err<E: de::Error>(field: &'static str) -> impl Fn(E) -> E {
    move |e| E::custom(format!("{field}: {e}"))
}

/// An object key, owned (keys with escapes are not borrowable).
struct KeyName(String);

impl<'de> Deserialize<'de> for KeyName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(KeyName)
    }
}

/// `data`: the page's batch objects.
struct DataSeed<'r> {
    reader: &'r mut JobReader,
}

impl<'de> DeserializeSeed<'de> for DataSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for DataSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("data: an array of batch objects")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(job) = seq.next_element::<BatchObject>()? {
            self.reader.push(job.0).map_err(de::Error::custom)?;
        }
        Ok(())
    }
}

/// One element of `data`.
struct BatchObject(Job);

impl<'de> Deserialize<'de> for BatchObject {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = BatchObject;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("data[]: a batch object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BatchObject, A::Error> {
                let mut job = Job::default();
                while let Some(key) = map.next_key::<KeyName>()? {
                    match key.0.as_str() {
                        "id" => job.id = map.next_value::<Option<String>>().map_err(field_err("data[].id"))?,
                        "model" => job.model = map.next_value::<Option<String>>().map_err(field_err("data[].model"))?,
                        "endpoint" => job.endpoint = map.next_value::<Option<String>>().map_err(field_err("data[].endpoint"))?,
                        "status" => job.status = map.next_value::<Option<String>>().map_err(field_err("data[].status"))?,
                        "created_at" => job.created_at = map.next_value::<Time>()?.0,
                        "completed_at" => job.completed_at = map.next_value::<Time>()?.0,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(BatchObject(job))
            }
        }
        d.deserialize_map(V)
    }
}

/// A Unix time in seconds: an integer (a whole float is taken), or null.
struct Time(Option<i64>);

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Time;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("created_at / completed_at: a Unix time in whole seconds, or null")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Time, E> {
                Ok(Time(Some(v)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Time, E> {
                i64::try_from(v).map(|v| Time(Some(v))).map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Time, E> {
                if v.fract() == 0.0 && v.abs() < 9.0e15 {
                    Ok(Time(Some(v as i64)))
                } else {
                    Err(E::invalid_value(de::Unexpected::Float(v), &self))
                }
            }
            fn visit_unit<E: de::Error>(self) -> Result<Time, E> {
                Ok(Time(None))
            }
            fn visit_none<E: de::Error>(self) -> Result<Time, E> {
                Ok(Time(None))
            }
        }
        d.deserialize_any(V)
    }
}
