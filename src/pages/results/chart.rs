//! The per-group SVG bar chart: one horizontal bar per group, split into
//! succeeded, other results (truncated, filtered), retryable and client
//! errors.

use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::results::GroupRow;
use leptos::prelude::*;

/// Groups drawn; the table lists them all.
const MAX_BARS: usize = 20;
const BAR_H: f64 = 22.0;
const GAP: f64 = 8.0;
const LABEL_W: f64 = 150.0;
const BAR_W: f64 = 440.0;
const NUM_W: f64 = 70.0;

#[component]
pub fn GroupChart(rows: Vec<GroupRow>) -> impl IntoView {
    let prefs = use_prefs();
    let rows: Vec<GroupRow> = rows.into_iter().take(MAX_BARS).collect();
    let max = rows.iter().map(|r| r.summary.requests).max().unwrap_or(1).max(1) as f64;
    let height = rows.len() as f64 * (BAR_H + GAP) + GAP;
    let width = LABEL_W + BAR_W + NUM_W;
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let s = r.summary;
            let y = GAP + i as f64 * (BAR_H + GAP);
            let parts = [
                (s.succeeded, "seg seg--ok"),
                (s.truncated + s.content_filtered, "seg seg--warn"),
                (s.retryable, "seg seg--retry"),
                (s.client_error, "seg seg--error"),
            ];
            let mut x = LABEL_W;
            let segs = parts
                .into_iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, class)| {
                    let w = n as f64 / max * BAR_W;
                    let rect = view! { <rect class=class x=format!("{x:.1}") y=format!("{y:.1}") width=format!("{w:.1}") height=BAR_H/> };
                    x += w;
                    rect
                })
                .collect_view();
            let label: String = r.key.clone().unwrap_or_else(|| "—".into()).chars().take(22).collect();
            view! {
                <g>
                    <text class="chart-label" x=LABEL_W - 8.0 y=y + BAR_H * 0.7 text-anchor="end">{label}</text>
                    {segs}
                    <text class="chart-num" x=x + 6.0 y=y + BAR_H * 0.7>{s.requests.to_string()}</text>
                </g>
            }
        })
        .collect_view();
    let n = rows.len();
    let aria = move || fill(t(prefs.lang.get(), "results.chart.aria"), &[("n", &n.to_string())]);
    view! {
        <figure class="results-chart">
            <svg
                role="img"
                data-testid="results-groups-chart"
                viewBox=format!("0 0 {width} {height}")
                width="100%"
                aria-label=aria
            >
                <title>{aria}</title>
                {bars}
            </svg>
            <figcaption class="chart-legend">
                <span><i class="swatch swatch--ok"></i>{tr("results.summary.succeeded")}</span>
                <span><i class="swatch swatch--warn"></i>{tr("results.chart.other")}</span>
                <span><i class="swatch swatch--retry"></i>{tr("results.summary.retryable")}</span>
                <span><i class="swatch swatch--error"></i>{tr("results.outcome.client_error")}</span>
            </figcaption>
        </figure>
    }
}
