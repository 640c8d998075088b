//! The Azure Monitor REST `Metrics - List` response (api-version
//! 2023-10-01), which `az monitor metrics list --output json` prints:
//! `{interval, value: [{name: {value}, timeseries: [{metadatavalues:
//! [{name: {value}, value}], data: [{timeStamp, total, average, …}]}]}]}`.
//!
//! Streamed: serde visitors check the shape as they read and hand each
//! point to the store (a time stamp becomes a minute as it is read); a
//! timeseries read before what places it (the interval, the metric's name,
//! its dimensions: an order Azure does not write) is held as typed points
//! of 32 bytes until the end of its metric or of the response.

use super::{coarse_notice, flag, json_error, merged_notice, resource_name, status_code, Agg, Bom, ImportError, Metric, Sink};
use crate::text::Text;
use crate::traffic::store::SeriesKey;
use crate::traffic::time::{parse_interval_minutes, parse_minute, Minute};
use serde::de::{DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess};
use serde::Deserialize;
use std::io::Read;

#[derive(Deserialize)]
struct Name {
    value: String,
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

/// A timeseries whose points were read before what places them (the
/// interval, the metric's name or id, its dimensions): kept as points of
/// 32 bytes until they are known.
struct Held {
    dims: Vec<Dimension>,
    points: Vec<Point>,
}

/// A metric read before the response's interval.
struct HeldMetric {
    name: String,
    id: String,
    series: Vec<Held>,
}

/// What the visitors share: where points go, the interval once known, and
/// the error that stopped them.
struct Ctx<'s, 'a> {
    sink: &'s mut Sink<'a>,
    interval: Option<u32>,
    stopped: Option<ImportError>,
}

impl Ctx<'_, '_> {
    fn stop<E: serde::de::Error>(&mut self, e: ImportError) -> E {
        self.stopped = Some(e);
        E::custom("stopped")
    }
}

/// Where one timeseries' points go.
struct Target {
    metric: Option<Metric>,
    series: usize,
    measure: crate::traffic::store::Measure,
    version: Option<String>,
    field: String,
    seen: Option<(Minute, Minute)>,
}

fn target(sink: &mut Sink<'_>, name: &str, id: &str, dims: &[Dimension]) -> Result<Target, ImportError> {
    let Some(metric) = Metric::from_name(name) else {
        return Ok(Target {
            metric: None,
            series: 0,
            measure: crate::traffic::store::Measure::PromptTokens,
            version: None,
            field: String::new(),
            seen: None,
        });
    };
    let dim = |n: &str| dims.iter().find(|d| d.name.value.eq_ignore_ascii_case(n)).and_then(|d| d.value.as_deref());
    let (deployment, merged) = match dim("ModelDeploymentName") {
        Some(d) => (d.to_string(), false),
        None => (format!("{} (all deployments)", resource_name(id)), true),
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
    let tier = sink.tier_split(dim("ServiceTierRequest"), dim("ServiceTierResponse"));
    let series = sink.series(&key).map_err(|e| sink.store_error(e).field(name))?;
    Ok(Target {
        metric: Some(metric),
        series,
        measure: metric.measure(status, spilled, tier),
        version: key.version,
        field: name.to_string(),
        seen: None,
    })
}

impl Target {
    fn point(&mut self, sink: &mut Sink<'_>, interval: u32, p: &Point) -> Result<(), ImportError> {
        let Some(metric) = self.metric else {
            sink.summary.skipped = sink.summary.skipped.saturating_add(1);
            return Ok(());
        };
        let value = metric.aggregations().iter().find_map(|a| match a {
            Agg::Total => present(p.total),
            Agg::Average => present(p.average),
            Agg::Maximum => present(p.maximum),
        });
        // A point without the aggregation is a minute without traffic.
        let Some(v) = value else { return Ok(()) };
        sink.add_at(self.series, None, p.time_stamp, interval, self.measure, v).map_err(|e| sink.store_error(e).field(&self.field))?;
        let end = p.time_stamp.saturating_add(i64::from(interval) - 1);
        self.seen = Some(self.seen.map_or((p.time_stamp, end), |(a, b)| (a.min(p.time_stamp), b.max(end))));
        Ok(())
    }

    fn end(self, sink: &mut Sink<'_>) {
        if let (Some(v), Some((from, to))) = (self.version.as_deref(), self.seen) {
            sink.note_version(self.series, v, from, to);
        }
    }
}

/// Points read and placed before their context was known.
fn place(ctx: &mut Ctx<'_, '_>, name: &str, id: &str, held: Vec<Held>) -> Result<(), ImportError> {
    let interval = ctx.interval.unwrap_or(1);
    for h in held {
        let mut t = target(ctx.sink, name, id, &h.dims)?;
        for p in &h.points {
            t.point(ctx.sink, interval, p)?;
        }
        t.end(ctx.sink);
    }
    Ok(())
}

struct ResponseVisitor<'c, 's, 'a>(&'c mut Ctx<'s, 'a>);

impl<'de> serde::de::Visitor<'de> for ResponseVisitor<'_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a Metrics - List response (an object with value)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.0;
        let mut held: Vec<HeldMetric> = Vec::new();
        let mut seen_value = false;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "interval" if ctx.interval.is_none() => {
                    let text: Option<String> = map.next_value()?;
                    let interval = match text.as_deref() {
                        None => 1,
                        Some(text) => match parse_interval_minutes(text) {
                            Some(i) => i,
                            None => {
                                let file = ctx.sink.file;
                                return Err(ctx.stop(
                                    ImportError::new(
                                        file,
                                        Text::new(
                                            format!("interval {text:?} is not a grain of one minute to one day (PT1M … P1D)"),
                                            format!("interval이 1분에서 하루 사이의 간격(PT1M … P1D)이 아닙니다: {text:?}"),
                                        ),
                                    )
                                    .field("interval"),
                                ));
                            }
                        },
                    };
                    coarse_notice(ctx.sink, interval);
                    ctx.interval = Some(interval);
                }
                "value" if !seen_value => {
                    seen_value = true;
                    map.next_value_seed(Metrics { ctx: &mut *ctx, held: &mut held })?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !seen_value {
            return Err(A::Error::missing_field("value"));
        }
        // The metrics read before the interval: placed with it now (one
        // minute when the response has none).
        for m in held {
            if let Err(e) = place(ctx, &m.name, &m.id, m.series) {
                return Err(ctx.stop(e));
            }
        }
        Ok(())
    }
}

/// `value`: the metrics.
struct Metrics<'c, 's, 'a, 'h> {
    ctx: &'c mut Ctx<'s, 'a>,
    held: &'h mut Vec<HeldMetric>,
}

impl<'de> DeserializeSeed<'de> for Metrics<'_, '_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Metrics<'_, '_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of metrics")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(held) = seq.next_element_seed(MetricSeed(&mut *self.ctx))? {
            self.held.extend(held);
        }
        Ok(())
    }
}

/// One metric: `{id, name: {value}, timeseries: [...]}`. Returns it whole
/// only when the response's interval was not known yet.
struct MetricSeed<'c, 's, 'a>(&'c mut Ctx<'s, 'a>);

impl<'de> DeserializeSeed<'de> for MetricSeed<'_, '_, '_> {
    type Value = Option<HeldMetric>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<HeldMetric>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> serde::de::Visitor<'de> for MetricSeed<'_, '_, '_> {
    type Value = Option<HeldMetric>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a metric (an object with name and timeseries)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<HeldMetric>, A::Error> {
        let ctx = self.0;
        let (mut id, mut name): (Option<String>, Option<String>) = (None, None);
        let mut held: Vec<Held> = Vec::new();
        let mut seen_series = false;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "id" if id.is_none() => id = Some(map.next_value::<Option<String>>()?.unwrap_or_default()),
                "name" if name.is_none() => name = Some(map.next_value::<Name>()?.value),
                "timeseries" if !seen_series => {
                    seen_series = true;
                    map.next_value_seed(Series { ctx: &mut *ctx, name: name.as_deref(), id: id.as_deref(), held: &mut held })?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let name = name.ok_or_else(|| A::Error::missing_field("name"))?;
        let id = id.unwrap_or_default();
        if ctx.interval.is_none() {
            return Ok(Some(HeldMetric { name, id, series: held }));
        }
        if let Err(e) = place(ctx, &name, &id, held) {
            return Err(ctx.stop(e));
        }
        Ok(None)
    }
}

/// `timeseries`: placed as read where the context is known, else held.
struct Series<'c, 's, 'a, 'n, 'h> {
    ctx: &'c mut Ctx<'s, 'a>,
    name: Option<&'n str>,
    id: Option<&'n str>,
    held: &'h mut Vec<Held>,
}

impl<'de> DeserializeSeed<'de> for Series<'_, '_, '_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Series<'_, '_, '_, '_, '_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of timeseries")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(h) = seq.next_element_seed(OneSeries { ctx: &mut *self.ctx, name: self.name, id: self.id })? {
            self.held.extend(h);
        }
        Ok(())
    }
}

struct OneSeries<'c, 's, 'a, 'n> {
    ctx: &'c mut Ctx<'s, 'a>,
    name: Option<&'n str>,
    id: Option<&'n str>,
}

impl<'de> DeserializeSeed<'de> for OneSeries<'_, '_, '_, '_> {
    type Value = Option<Held>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<Held>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> serde::de::Visitor<'de> for OneSeries<'_, '_, '_, '_> {
    type Value = Option<Held>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a timeseries (an object with metadatavalues and data)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Held>, A::Error> {
        let ctx = self.ctx;
        let mut dims: Option<Vec<Dimension>> = None;
        let mut points: Vec<Point> = Vec::new();
        let mut placed = false;
        let mut seen_data = false;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "metadatavalues" if dims.is_none() => dims = Some(map.next_value::<Option<Vec<Dimension>>>()?.unwrap_or_default()),
                "data" if !seen_data => {
                    seen_data = true;
                    // Placed as read when the interval, the metric, and the
                    // dimensions (and, without a deployment, the id) are known.
                    let ready = |d: &[Dimension]| {
                        self.id.is_some() || d.iter().any(|x| x.name.value.eq_ignore_ascii_case("ModelDeploymentName") && x.value.is_some())
                    };
                    match (ctx.interval, self.name, dims.as_deref()) {
                        (Some(interval), Some(name), Some(d)) if ready(d) => {
                            let t = match target(ctx.sink, name, self.id.unwrap_or_default(), d) {
                                Ok(t) => t,
                                Err(e) => return Err(ctx.stop(e)),
                            };
                            let t = map.next_value_seed(Points { ctx: &mut *ctx, interval, target: t })?;
                            t.end(ctx.sink);
                            placed = true;
                        }
                        _ => points = map.next_value::<Option<Vec<Point>>>()?.unwrap_or_default(),
                    }
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if placed {
            return Ok(None);
        }
        Ok(Some(Held { dims: dims.unwrap_or_default(), points }))
    }
}

/// `data`, each point to the store as it is read.
struct Points<'c, 's, 'a> {
    ctx: &'c mut Ctx<'s, 'a>,
    interval: u32,
    target: Target,
}

impl<'de> DeserializeSeed<'de> for Points<'_, '_, '_> {
    type Value = Target;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Target, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Points<'_, '_, '_> {
    type Value = Target;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of points")
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Target, E> {
        Ok(self.target)
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Target, E> {
        Ok(self.target)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Target, D::Error> {
        d.deserialize_seq(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Target, A::Error> {
        let Points { ctx, interval, mut target } = self;
        while let Some(p) = seq.next_element::<Point>()? {
            if let Err(e) = target.point(ctx.sink, interval, &p) {
                return Err(ctx.stop(e));
            }
        }
        Ok(target)
    }
}

pub(crate) fn read(file: &str, input: &mut dyn Read, sink: &mut Sink<'_>) -> Result<(), ImportError> {
    let mut ctx = Ctx { sink, interval: None, stopped: None };
    let mut de = serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 16, Bom::new(input)));
    let result = de.deserialize_map(ResponseVisitor(&mut ctx)).and_then(|()| de.end());
    result.map_err(|e| json_error(file, &e, ctx.stopped.take(), "a Metrics - List response", "Metrics - List 응답이 아닙니다"))
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
