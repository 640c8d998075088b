//! The Azure Monitor REST `Metrics - List` response (api-version
//! 2023-10-01), which `az monitor metrics list --output json` prints:
//! `{interval, value: [{name: {value}, timeseries: [{metadatavalues:
//! [{name: {value}, value}], data: [{timeStamp, total, average, …}]}]}]}`.
//!
//! Typed, so a month of points is read without building a JSON tree: a
//! time stamp becomes a minute as it is read.

use super::{coarse_notice, flag, merged_notice, resource_name, status_code, Agg, ImportError, Metric, Sink};
use crate::text::Text;
use crate::traffic::store::SeriesKey;
use crate::traffic::time::{parse_interval_minutes, parse_minute, Minute};
use serde::de::{Deserializer, Error as _};
use serde::Deserialize;

#[derive(Deserialize)]
struct Response {
    #[serde(default)]
    interval: Option<String>,
    value: Vec<MetricSeries>,
}

#[derive(Deserialize)]
struct Name {
    value: String,
}

#[derive(Deserialize)]
struct MetricSeries {
    #[serde(default)]
    id: String,
    name: Name,
    #[serde(default)]
    timeseries: Vec<TimeSeries>,
}

#[derive(Deserialize)]
struct TimeSeries {
    #[serde(default)]
    metadatavalues: Vec<Dimension>,
    #[serde(default)]
    data: Vec<Point>,
}

#[derive(Deserialize)]
struct Dimension {
    name: Name,
    #[serde(default)]
    value: Option<String>,
}

/// A point; an aggregation the point lacks is NaN (32 bytes a point: a
/// month of 20 deployments' metrics is a few million of them).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Point {
    #[serde(deserialize_with = "minute")]
    time_stamp: Minute,
    #[serde(default = "nan", deserialize_with = "number_or_nan")]
    total: f64,
    #[serde(default = "nan", deserialize_with = "number_or_nan")]
    average: f64,
    #[serde(default = "nan", deserialize_with = "number_or_nan")]
    maximum: f64,
}

fn nan() -> f64 {
    f64::NAN
}

fn number_or_nan<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
}

fn present(v: f64) -> Option<f64> {
    (!v.is_nan()).then_some(v)
}

fn minute<'de, D: Deserializer<'de>>(d: D) -> Result<Minute, D::Error> {
    struct V;
    impl serde::de::Visitor<'_> for V {
        type Value = Minute;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an ISO 8601 time stamp")
        }
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Minute, E> {
            parse_minute(s).ok_or_else(|| E::custom(format!("timeStamp {s:?} is not an ISO 8601 time")))
        }
    }
    d.deserialize_str(V).map_err(D::Error::custom)
}

fn json_error(file: &str, e: &serde_json::Error) -> ImportError {
    let mut err =
        ImportError::new(file, Text::new(format!("not a Metrics - List response: {e}"), format!("Metrics - List 응답이 아닙니다: {e}")));
    if e.line() > 0 {
        err.line = Some(e.line() as u64);
        err.column = u32::try_from(e.column()).ok();
    }
    err
}

pub(crate) fn read(file: &str, bytes: &[u8], sink: &mut Sink<'_>, progress: &mut dyn FnMut(u64)) -> Result<(), ImportError> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let response: Response = serde_json::from_slice(body).map_err(|e| json_error(file, &e))?;
    progress(bytes.len() as u64 / 2);
    let interval = match response.interval.as_deref() {
        None => 1,
        Some(text) => parse_interval_minutes(text).ok_or_else(|| {
            ImportError::new(
                file,
                Text::new(
                    format!("interval {text:?} is not a grain of one minute to one day (PT1M … P1D)"),
                    format!("interval이 1분에서 하루 사이의 간격(PT1M … P1D)이 아닙니다: {text:?}"),
                ),
            )
            .field("interval")
        })?,
    };
    coarse_notice(sink, interval);
    let metrics = response.value.len().max(1);
    for (i, m) in response.value.iter().enumerate() {
        let Some(metric) = Metric::from_name(&m.name.value) else {
            sink.summary.skipped = sink.summary.skipped.saturating_add(m.timeseries.iter().map(|t| t.data.len() as u64).sum());
            continue;
        };
        for ts in &m.timeseries {
            let dim = |n: &str| ts.metadatavalues.iter().find(|d| d.name.value.eq_ignore_ascii_case(n)).and_then(|d| d.value.as_deref());
            let (deployment, merged) = match dim("ModelDeploymentName") {
                Some(d) => (d.to_string(), false),
                None => (format!("{} (all deployments)", resource_name(&m.id)), true),
            };
            if merged {
                merged_notice(sink);
            }
            let key = SeriesKey {
                deployment,
                model: dim("ModelName").map(str::to_string),
                version: dim("ModelVersion").map(str::to_string),
                merged_resource: merged,
            };
            let status = dim("StatusCode").and_then(status_code);
            let spilled = dim("IsSpillover").and_then(flag);
            if metric == Metric::Requests && dim("StatusCode").is_none() {
                no_status_notice(sink);
            }
            let measure = metric.measure(status, spilled);
            let series = sink.series(&key).map_err(|e| sink.store_error(e).field(&m.name.value))?;
            let mut seen: Option<(Minute, Minute)> = None;
            for p in &ts.data {
                let value = metric.aggregations().iter().find_map(|a| match a {
                    Agg::Total => present(p.total),
                    Agg::Average => present(p.average),
                    Agg::Maximum => present(p.maximum),
                });
                // A point without the aggregation is a minute without traffic.
                let Some(v) = value else { continue };
                sink.add_at(series, None, p.time_stamp, interval, measure, v).map_err(|e| sink.store_error(e).field(&m.name.value))?;
                let end = p.time_stamp.saturating_add(i64::from(interval) - 1);
                seen = Some(seen.map_or((p.time_stamp, end), |(a, b)| (a.min(p.time_stamp), b.max(end))));
            }
            if let (Some(v), Some((from, to))) = (key.version.as_deref(), seen) {
                sink.note_version(series, v, from, to);
            }
        }
        progress((bytes.len() as u64 / 2).saturating_add(bytes.len() as u64 / 2 * (i as u64 + 1) / metrics as u64));
    }
    Ok(())
}

pub(crate) fn no_status_notice(sink: &mut Sink<'_>) {
    sink.notice(
        "no_status",
        Text::new(
            "AzureOpenAIRequests is not split by StatusCode: 429s cannot be seen; export with --filter \"StatusCode eq '*'\"",
            "AzureOpenAIRequests가 StatusCode로 나뉘어 있지 않아 429를 볼 수 없습니다. --filter \"StatusCode eq '*'\"로 내보내세요",
        ),
    );
}
