//! Log Analytics `AzureMetrics` rows: `TimeGenerated, MetricName, Total,
//! Count, Maximum, Minimum, Average, TimeGrain, UnitName` with the resource
//! columns (`Resource`, `ResourceId`, `_ResourceId`). The table keeps no
//! metric dimensions; where a query added `ModelDeploymentName`,
//! `ModelName`, `ModelVersion`, `StatusCode`, `IsSpillover`,
//! `ServiceTierRequest` or `ServiceTierResponse` columns, they are used
//! (the table itself cannot carry the tier split).
//!
//! This file: the columns a row is read from and one row into the store,
//! for both exports, and the CSV as the portal exports it
//! (`TimeGenerated [UTC]`, `11/1/2026, 12:05:00.000 AM`); the JSON shapes
//! are read in `analytics_json.rs`.
use super::csv::{self, normalise, Record};
use super::rest::no_status_notice;
use super::{coarse_notice, flag, merged_notice, resource_name, status_code, Agg, ImportError, Metric, Sink};
use crate::text::Text;
use crate::traffic::store::SeriesKey;
use crate::traffic::time::{parse_interval_minutes, parse_minute};
use std::io::Read;

/// The columns a row is read from, by position.
#[derive(Default)]
pub(super) struct Columns {
    time: Option<usize>,
    metric: Option<usize>,
    total: Option<usize>,
    average: Option<usize>,
    maximum: Option<usize>,
    grain: Option<usize>,
    resource: Option<usize>,
    resource_id: Option<usize>,
    deployment: Option<usize>,
    model: Option<usize>,
    version: Option<usize>,
    status: Option<usize>,
    spill: Option<usize>,
    tier_request: Option<usize>,
    tier_response: Option<usize>,
}

impl Columns {
    pub(super) fn from_names(file: &str, names: &[String]) -> Result<Columns, ImportError> {
        let find = |want: &[&str]| names.iter().position(|n| want.contains(&normalise(n).as_str()));
        let c = Columns {
            time: find(&["timegenerated"]),
            metric: find(&["metricname"]),
            total: find(&["total"]),
            average: find(&["average"]),
            maximum: find(&["maximum"]),
            grain: find(&["timegrain"]),
            resource: find(&["resource"]),
            resource_id: find(&["resourceid", "_resourceid"]),
            deployment: find(&["modeldeploymentname"]),
            model: find(&["modelname"]),
            version: find(&["modelversion"]),
            status: find(&["statuscode"]),
            spill: find(&["isspillover"]),
            tier_request: find(&["servicetierrequest"]),
            tier_response: find(&["servicetierresponse"]),
        };
        for (col, name) in [(c.time, "TimeGenerated"), (c.metric, "MetricName")] {
            if col.is_none() {
                return Err(missing(file, name));
            }
        }
        if c.total.is_none() && c.average.is_none() && c.maximum.is_none() {
            return Err(missing(file, "Total"));
        }
        Ok(c)
    }
}

fn missing(file: &str, column: &str) -> ImportError {
    ImportError::new(
        file,
        Text::new(format!("the AzureMetrics rows have no {column} column"), format!("AzureMetrics 행에 {column} 열이 없습니다")),
    )
    .field(column)
}

/// One row, as cells (text; numbers as written).
pub(super) fn read_row(
    c: &Columns,
    get: &dyn Fn(Option<usize>) -> Option<String>,
    line: u64,
    sink: &mut Sink<'_>,
) -> Result<(), ImportError> {
    let file = sink.file;
    let err = |field: &str, en: String, ko: String| ImportError::new(file, Text::new(en, ko)).at(line).field(field);
    let Some(metric) = get(c.metric).and_then(|m| Metric::from_name(&m)) else {
        sink.summary.skipped = sink.summary.skipped.saturating_add(1);
        return Ok(());
    };
    let time = get(c.time).unwrap_or_default();
    let minute =
        parse_minute(&time).ok_or_else(|| err("TimeGenerated", format!("{time:?} is not a time"), format!("시각이 아닙니다: {time:?}")))?;
    let interval = match get(c.grain).filter(|g| !g.trim().is_empty()) {
        None => 1,
        Some(g) => parse_interval_minutes(&g).ok_or_else(|| {
            err(
                "TimeGrain",
                format!("{g:?} is not a grain of one minute to one day"),
                format!("1분에서 하루 사이의 간격이 아닙니다: {g:?}"),
            )
        })?,
    };
    coarse_notice(sink, interval);
    let number = |col: Option<usize>, name: &str| -> Result<Option<f64>, ImportError> {
        match get(col).filter(|v| !v.trim().is_empty()) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse::<f64>()
                .map(Some)
                .map_err(|_| err(name, format!("{v:?} is not a number"), format!("숫자가 아닙니다: {v:?}"))),
        }
    };
    let mut value = None;
    for a in metric.aggregations() {
        let column = match a {
            Agg::Total => "Total",
            Agg::Average => "Average",
            Agg::Maximum => "Maximum",
        };
        let col = match a {
            Agg::Total => c.total,
            Agg::Average => c.average,
            Agg::Maximum => c.maximum,
        };
        if let Some(v) = number(col, column)? {
            value = Some((column, v));
            break;
        }
    }
    let Some((column, v)) = value else { return Ok(()) };
    let (deployment, merged) = match get(c.deployment).filter(|d| !d.is_empty()) {
        Some(d) => (d, false),
        None => {
            let r = get(c.resource).filter(|r| !r.is_empty()).or_else(|| get(c.resource_id).map(|id| resource_name(&id).to_string()));
            (format!("{} (all deployments)", r.unwrap_or_else(|| "resource".into())), true)
        }
    };
    if merged {
        merged_notice(sink);
    }
    let status = get(c.status).and_then(|s| status_code(&s));
    if metric == Metric::Requests && c.status.is_none() {
        no_status_notice(sink);
    }
    let key = SeriesKey { deployment, model: get(c.model), version: get(c.version), merged_resource: merged };
    let (q, r) = (get(c.tier_request), get(c.tier_response));
    let tier = sink.tier_split(q.as_deref(), r.as_deref());
    let measure = metric.measure(status, get(c.spill).and_then(|s| flag(&s)), tier);
    sink.add(&key, minute, interval, measure, v).map_err(|e| sink.store_error(e).at(line).field(column))
}

pub(crate) fn read_csv(file: &str, input: &mut dyn Read, sink: &mut Sink<'_>) -> Result<(), ImportError> {
    let mut columns: Option<Columns> = None;
    csv::read(file, input, |record, fields| match (record, &columns) {
        (Record::Header, _) => {
            columns = Some(Columns::from_names(file, fields)?);
            Ok(())
        }
        (Record::Row(line), Some(c)) => {
            let get = |i: Option<usize>| i.and_then(|i| fields.get(i)).map(|s| s.trim().to_string());
            read_row(c, &get, line, sink)
        }
        (Record::Row(_), None) => Ok(()),
    })
}
