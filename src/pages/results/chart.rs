//! The per-group SVG bar chart: one horizontal bar per group, split into
//! succeeded, other results (truncated, filtered), retryable and client
//! errors.

use crate::components::chart_frame::{BarRows, ChartSvg};
use crate::i18n::tn;
use crate::prefs::{tr, use_prefs};
use batchlane_core::results::GroupRow;
use leptos::prelude::*;

/// Groups drawn; the table lists them all.
const MAX_BARS: usize = 20;
/// Bars 22 high with 8 between them.
const ROWS: BarRows = BarRows { label_w: 150.0, bar_w: 440.0, value_w: 70.0, row_h: 30.0, bar_h: 22.0, top: 8.0 };

#[component]
pub fn GroupChart(rows: Vec<GroupRow>) -> impl IntoView {
    let prefs = use_prefs();
    let rows: Vec<GroupRow> = rows.into_iter().take(MAX_BARS).collect();
    let max = rows.iter().map(|r| r.summary.requests).max().unwrap_or(1).max(1) as f64;
    let height = ROWS.height(rows.len(), 0.0);
    let width = ROWS.width();
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let s = r.summary;
            let y = ROWS.row_y(i);
            let parts = [
                (s.succeeded, "seg seg--ok"),
                (s.truncated + s.content_filtered, "seg seg--warn"),
                (s.retryable(), "seg seg--retry"),
                (s.client_error, "seg seg--error"),
            ];
            let mut x = ROWS.label_w;
            let segs = parts
                .into_iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, class)| {
                    let w = n as f64 / max * ROWS.bar_w;
                    let rect =
                        view! { <rect class=class x=format!("{x:.1}") y=format!("{y:.1}") width=format!("{w:.1}") height=ROWS.bar_h/> };
                    x += w;
                    rect
                })
                .collect_view();
            let label: String = r.key.clone().unwrap_or_else(|| "—".into()).chars().take(22).collect();
            view! {
                <g>
                    <text class="chart-label" x=ROWS.label_w - 8.0 y=y + ROWS.bar_h * 0.7 text-anchor="end">{label}</text>
                    {segs}
                    <text class="chart-num" x=x + 6.0 y=y + ROWS.bar_h * 0.7>{s.requests.to_string()}</text>
                </g>
            }
        })
        .collect_view();
    let n = rows.len();
    let aria = move || tn(prefs.lang.get(), "results.chart.aria", n as u64);
    view! {
        <figure class="results-chart">
            <ChartSvg width=width height=height title=Signal::derive(aria) testid="results-groups-chart">
                {bars}
            </ChartSvg>
            <figcaption class="chart-legend">
                <span><i class="swatch swatch--ok"></i>{tr("results.summary.succeeded")}</span>
                <span><i class="swatch swatch--warn"></i>{tr("results.chart.other")}</span>
                <span><i class="swatch swatch--retry"></i>{tr("results.summary.retryable")}</span>
                <span><i class="swatch swatch--error"></i>{tr("results.outcome.client_error")}</span>
            </figcaption>
        </figure>
    }
}
