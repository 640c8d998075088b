//! The per-group SVG bar chart: one horizontal bar per group, split into
//! succeeded, other results (truncated, filtered), retryable and client
//! errors.

use crate::components::chart_frame::{fit_width, BarRows, ChartSvg};
use crate::i18n::tn;
use crate::prefs::{tr, use_prefs};
use batchlane_core::results::GroupRow;
use leptos::prelude::*;

/// Groups drawn; the table lists them all.
const MAX_BARS: usize = 20;
/// Bars 22 high with 8 between them; the bars get what the label and
/// value columns leave of the box's width.
const ROWS: BarRows = BarRows { label_w: 150.0, bar_w: 440.0, value_w: 70.0, row_h: 30.0, bar_h: 22.0, top: 8.0 };
/// Below this width a row is its label and count on one line with the bar
/// under them, all the box's width.
const NARROW: f64 = 480.0;

#[component]
pub fn GroupChart(rows: Vec<GroupRow>) -> impl IntoView {
    let prefs = use_prefs();
    let rows: Vec<GroupRow> = rows.into_iter().take(MAX_BARS).collect();
    let max = rows.iter().map(|r| r.summary.requests).max().unwrap_or(1).max(1) as f64;
    let draw = move |w: f64| bars_svg(w, &rows, max, prefs);
    view! {
        <figure class="results-chart">
            {fit_width("chart-box", draw)}
            <figcaption class="chart-legend">
                <span><i class="swatch swatch--ok"></i>{tr("results.summary.succeeded")}</span>
                <span><i class="swatch swatch--warn"></i>{tr("results.chart.other")}</span>
                <span><i class="swatch swatch--retry"></i>{tr("results.summary.retryable")}</span>
                <span><i class="swatch swatch--error"></i>{tr("results.outcome.client_error")}</span>
            </figcaption>
        </figure>
    }
}

fn bars_svg(width: f64, rows: &[GroupRow], max: f64, prefs: crate::prefs::Prefs) -> AnyView {
    let narrow = width < NARROW;
    let layout = if narrow {
        BarRows { label_w: 0.0, bar_w: width, value_w: 0.0, row_h: 40.0, bar_h: 18.0, top: 4.0 }
    } else {
        BarRows { bar_w: (width - ROWS.label_w - ROWS.value_w).max(120.0), ..ROWS }
    };
    let height = layout.height(rows.len(), 0.0);
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let s = r.summary;
            let y = layout.row_y(i);
            let bar_y = if narrow { y + layout.row_h - layout.bar_h - 4.0 } else { y };
            let parts = [
                (s.succeeded, "seg seg--ok"),
                (s.truncated + s.content_filtered, "seg seg--warn"),
                (s.retryable(), "seg seg--retry"),
                (s.client_error, "seg seg--error"),
            ];
            let mut x = layout.label_w;
            let segs = parts
                .into_iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, class)| {
                    let w = n as f64 / max * layout.bar_w;
                    let rect = view! {
                        <rect class=class x=format!("{x:.1}") y=format!("{bar_y:.1}") width=format!("{w:.1}") height=layout.bar_h/>
                    };
                    x += w;
                    rect
                })
                .collect_view();
            let label: String = r.key.clone().unwrap_or_else(|| "—".into()).chars().take(22).collect();
            let count = s.requests.to_string();
            let texts = if narrow {
                view! {
                    <text class="chart-label" x=0.0 y=y + 12.0>{label}</text>
                    <text class="chart-num" x=width y=y + 12.0 text-anchor="end">{count}</text>
                }
                .into_any()
            } else {
                view! {
                    <text class="chart-label" x=layout.label_w - 8.0 y=y + layout.bar_h * 0.7 text-anchor="end">{label}</text>
                    <text class="chart-num" x=x + 6.0 y=y + layout.bar_h * 0.7>{count}</text>
                }
                .into_any()
            };
            view! { <g>{segs}{texts}</g> }
        })
        .collect_view();
    let n = rows.len();
    let aria = move || tn(prefs.lang.get(), "results.chart.aria", n as u64);
    view! {
        <ChartSvg width=width height=height title=Signal::derive(aria) testid="results-groups-chart">
            {bars}
        </ChartSvg>
    }
    .into_any()
}
