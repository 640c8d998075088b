//! Labels and number formats the panels share.

use crate::i18n::{fill, t, Lang};
use batchlane_core::facts::{DeploymentType, Scope};
use batchlane_core::format::{format_count, format_number};
use batchlane_core::traffic::{format_minute, Binds, ImportError, Layout, LimitSource, ModelSource};

/// The deployment type's product name (the same in both languages).
pub fn type_name(d: DeploymentType) -> &'static str {
    d.product_name()
}

pub fn scope_name(s: Scope) -> &'static str {
    match s {
        Scope::Global => "Global",
        Scope::DataZone => "Data Zone",
        Scope::Regional => "Regional",
    }
}

pub fn layout_label(lang: Lang, l: Layout) -> &'static str {
    t(
        lang,
        match l {
            Layout::MetricsList => "traffic.layout.metrics_list",
            Layout::AzureMetricsCsv => "traffic.layout.la_csv",
            Layout::AzureMetricsJson => "traffic.layout.la_json",
            Layout::PlainCsv => "traffic.layout.plain",
        },
    )
}

pub fn binds_label(lang: Lang, b: Binds) -> &'static str {
    t(
        lang,
        match b {
            Binds::Tpm => "traffic.binds.tpm",
            Binds::Rpm => "traffic.binds.rpm",
            Binds::Burst => "traffic.binds.burst",
            Binds::FlexCapacity => "traffic.binds.flex",
            Binds::Utilization => "traffic.binds.utilization",
            Binds::Unknown => "traffic.binds.unknown",
        },
    )
}

pub fn source_label(lang: Lang, s: Option<&LimitSource>) -> String {
    match s {
        Some(LimitSource::Typed) => t(lang, "traffic.source.typed").to_string(),
        Some(LimitSource::Tier(tier)) => match tier.number() {
            Some(n) => fill(t(lang, "traffic.source.tier"), &[("n", &n.to_string())]),
            None => t(lang, "traffic.source.free").to_string(),
        },
        Some(LimitSource::Default) => t(lang, "traffic.source.default").to_string(),
        None => t(lang, "traffic.source.none").to_string(),
    }
}

pub fn model_source_label(lang: Lang, s: ModelSource) -> &'static str {
    t(
        lang,
        match s {
            ModelSource::Named => "traffic.model.data",
            ModelSource::Picked => "traffic.model.typed",
            ModelSource::Guessed => "traffic.model.name",
            ModelSource::Unknown => "traffic.model.unknown",
        },
    )
}

/// A count with separators.
pub fn n(x: f64) -> String {
    format_count(x)
}

/// A rate (may be fractional).
pub fn rate(x: f64) -> String {
    format_number(x, if x.abs() < 10.0 { 2 } else { 0 })
}

/// `2026-11-02 09:01 UTC`.
pub fn minute(m: i64) -> String {
    format_minute(m).replace('T', " ").replace('Z', " UTC")
}

/// `09:01` or `11-02 09:01`, for axis ticks.
pub fn tick(m: i64, with_date: bool) -> String {
    let f = format_minute(m);
    if with_date {
        f.get(5..16).unwrap_or(&f).replace('T', " ")
    } else {
        f.get(11..16).unwrap_or(&f).to_string()
    }
}

/// `file:line:column: field: message`, in the UI's language.
pub fn import_error(lang: Lang, e: &ImportError) -> String {
    let mut s = e.file.clone();
    if let Some(l) = e.line {
        s.push_str(&format!(":{l}"));
        if let Some(c) = e.column {
            s.push_str(&format!(":{c}"));
        }
    }
    s.push_str(": ");
    if let Some(f) = &e.field {
        s.push_str(&format!("{f}: "));
    }
    s.push_str(e.text.pick(lang));
    s
}
