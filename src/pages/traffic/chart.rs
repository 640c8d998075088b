//! A deployment's minutes as an inline SVG: tokens per minute above,
//! requests per minute below, each with its limit drawn as a dashed line,
//! and the minutes with 429s marked across both. Drawn as wide as its box
//! (`fit_width`), so the 11 px labels stay 11 px on a phone.

use super::text::tick;
use crate::components::chart_frame::{fit_width, ChartSvg};
use crate::i18n::{fill, t, Lang};
use batchlane_core::traffic::DeploymentReport;
use leptos::prelude::*;

use batchlane_core::format::{axis_max, format_compact as compact};

const LEFT: f64 = 48.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 10.0;
const PANEL_TPM: f64 = 150.0;
const GAP: f64 = 26.0;
const PANEL_RPM: f64 = 110.0;
const AXIS: f64 = 30.0;
/// A limit more than this many times the busiest minute is drawn off the scale.
const OFF_SCALE: f64 = 3.0;

pub fn deployment_chart(d: &DeploymentReport, lang: Lang) -> AnyView {
    let report = d.clone();
    view! {
        <figure class="chart traffic-chart" data-testid="traffic-chart">
            {fit_width("chart-box", move |width| plot(&report, lang, width))}
            <figcaption>
                <ul class="chart-legend traffic-legend">
                    <li><span class="traffic-swatch traffic-swatch--tpm" aria-hidden="true"></span>{t(lang, "traffic.chart.tpm")}</li>
                    <li><span class="traffic-swatch traffic-swatch--rpm" aria-hidden="true"></span>{t(lang, "traffic.chart.rpm")}</li>
                    <li><span class="traffic-swatch traffic-swatch--limit" aria-hidden="true"></span>{t(lang, "traffic.chart.limits")}</li>
                    <li><span class="traffic-swatch traffic-swatch--429" aria-hidden="true"></span>{t(lang, "traffic.chart.throttled")}</li>
                </ul>
                <span class="muted">{t(lang, "traffic.chart.utc")}</span>
            </figcaption>
        </figure>
    }
    .into_any()
}

/// The SVG itself, `width` CSS pixels wide.
fn plot(d: &DeploymentReport, lang: Lang, width: f64) -> AnyView {
    let height = TOP + PANEL_TPM + GAP + PANEL_RPM + AXIS;
    let span = (d.last - d.first).max(1) as f64;
    let x = move |m: i64| LEFT + (m - d.first) as f64 / span * (width - LEFT - RIGHT);
    let limit_tpm = d.limits.as_ref().map(|l| l.tpm);
    let limit_rpm = d.limits.as_ref().map(|l| l.rpm);
    // The scale takes in the limit unless it is far above the traffic
    // (then the line runs along the top, labelled as off the scale).
    let scale = |peak: f64, limit: Option<f64>| {
        let with_limit = limit.filter(|l| *l <= OFF_SCALE * peak.max(1.0)).unwrap_or(0.0);
        axis_max(peak.max(with_limit) * 1.05)
    };
    let max_tpm = scale(d.chart.iter().map(|p| p.tpm).fold(0.0, f64::max), limit_tpm);
    let max_rpm = scale(d.chart.iter().map(|p| p.rpm).fold(0.0, f64::max), limit_rpm);
    let tpm_top = TOP;
    let tpm_base = TOP + PANEL_TPM;
    let rpm_top = tpm_base + GAP;
    let rpm_base = rpm_top + PANEL_RPM;
    let y_tpm = move |v: f64| tpm_base - v / max_tpm * PANEL_TPM;
    let y_rpm = move |v: f64| rpm_base - v / max_rpm * PANEL_RPM;
    let path = |ys: &dyn Fn(&batchlane_core::traffic::ChartPoint) -> f64| {
        d.chart
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { "L" }, x(p.at), ys(p)))
            .collect::<String>()
    };
    let tpm_path = path(&|p| y_tpm(p.tpm));
    let rpm_path = path(&|p| y_rpm(p.rpm));
    // One bucket's width (at least 2 px) for the 429 marks.
    let bucket = d.chart.get(1).map_or(1, |p| (p.at - d.chart[0].at).max(1)) as f64;
    // Most of a bucket's width, so neighbouring minutes stay apart.
    let mark_w = (bucket / span * (width - LEFT - RIGHT) * 0.7).max(2.0);
    let marks = d
        .chart
        .iter()
        .filter(|p| p.throttled > 0.0)
        .map(|p| {
            let x0 = (x(p.at) - mark_w / 2.0).clamp(LEFT, width - RIGHT - mark_w);
            view! {
                <rect class="traffic-429" x=format!("{x0:.1}") y=tpm_top width=format!("{mark_w:.1}") height=rpm_base - tpm_top>
                    <title>{format!("{} · 429 × {}", super::text::minute(p.at), super::text::n(p.throttled))}</title>
                </rect>
            }
        })
        .collect_view();
    let grid = move |top: f64, base: f64, max: f64| {
        (0..=2)
            .map(|i| {
                let v = max * i as f64 / 2.0;
                let y = base - (base - top) * i as f64 / 2.0;
                view! {
                    <line class="chart-grid" x1=LEFT x2=width - RIGHT y1=y y2=y/>
                    <text class="chart-tick traffic-tick" x=LEFT - 5.0 y=y + 4.0 text-anchor="end">{compact(v)}</text>
                }
            })
            .collect_view()
    };
    let limit_line = move |class: &'static str, y: f64, label: String| {
        view! {
            <line class=format!("traffic-limit traffic-limit--{class}") data-testid=format!("traffic-limit-{class}")
                x1=LEFT x2=width - RIGHT y1=y y2=y/>
            // Above the line, or under it at the very top of the chart.
            <text class="traffic-limit-label" x=width - RIGHT - 4.0 y=if y - 12.0 < TOP { y + 13.0 } else { y - 4.0 } text-anchor="end">{label}</text>
        }
    };
    let limit_at = move |key: &'static str, v: f64, max: f64, y: f64, top: f64| {
        let off = v > max;
        let label = fill(t(lang, key), &[("v", &compact(v))]);
        if off {
            (top, fill(t(lang, "traffic.chart.off_scale"), &[("label", &label)]))
        } else {
            (y, label)
        }
    };
    let tpm_limit = limit_tpm.map(|v| {
        let (y, label) = limit_at("traffic.chart.tpm_limit", v, max_tpm, y_tpm(v), tpm_top);
        limit_line("tpm", y, label)
    });
    let rpm_limit = limit_rpm.map(|v| {
        let (y, label) = limit_at("traffic.chart.rpm_limit", v, max_rpm, y_rpm(v), rpm_top);
        limit_line("rpm", y, label)
    });
    let with_date = d.last - d.first >= 1440;
    // Five ticks, three on a phone (a tick's label is about 40 px wide).
    let parts = if width < 520.0 { 2 } else { 4 };
    let ticks = (0..=parts)
        .map(|i| {
            let m = d.first + ((d.last - d.first) as f64 * i as f64 / parts as f64).round() as i64;
            let xx = x(m);
            let anchor = if i == 0 {
                "start"
            } else if i == parts {
                "end"
            } else {
                "middle"
            };
            view! {
                <line class="chart-axis" x1=xx x2=xx y1=rpm_base y2=rpm_base + 4.0/>
                <text class="chart-tick traffic-tick" x=xx y=rpm_base + 16.0 text-anchor=anchor>{tick(m, with_date)}</text>
            }
        })
        .collect_view();
    let title = fill(t(lang, "traffic.chart.title"), &[("name", &d.name)]);
    view! {
            <ChartSvg width=width height=height title=title>
                {marks}
                {grid(tpm_top, tpm_base, max_tpm)}
                {grid(rpm_top, rpm_base, max_rpm)}
                <line class="chart-axis" x1=LEFT x2=width - RIGHT y1=tpm_base y2=tpm_base/>
                <line class="chart-axis" x1=LEFT x2=width - RIGHT y1=rpm_base y2=rpm_base/>
                <text class="traffic-panel-label" x=LEFT + 4.0 y=tpm_top + 12.0>{t(lang, "traffic.chart.tpm")}</text>
                <text class="traffic-panel-label" x=LEFT + 4.0 y=rpm_top + 12.0>{t(lang, "traffic.chart.rpm")}</text>
                <path class="traffic-line traffic-line--tpm" d=tpm_path/>
                <path class="traffic-line traffic-line--rpm" d=rpm_path/>
                {tpm_limit}
                {rpm_limit}
                {ticks}
            </ChartSvg>
    }
    .into_any()
}
