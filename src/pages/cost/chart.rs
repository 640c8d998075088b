//! A horizontal stacked bar chart of costs split into input, cached input
//! and output, drawn as inline SVG (one bar per scenario, tenant or
//! feature).

use crate::components::chart_frame::{BarRows, ChartSvg};
use crate::i18n::{t, Lang};
use leptos::prelude::*;

pub struct Bar {
    pub label: String,
    /// Uncached input, cached input, output (USD).
    pub parts: [f64; 3],
    /// The bar's total as text.
    pub value: String,
}

/// 720 wide: the bars get what the label and value columns leave.
const ROWS: BarRows = BarRows { label_w: 170.0, bar_w: 404.0, value_w: 146.0, row_h: 30.0, bar_h: 18.0, top: 34.0 };
const PART_CLASS: [&str; 3] = ["chart-input", "chart-cached", "chart-output"];
const PART_KEY: [&str; 3] = ["cost.part.input", "cost.part.cached", "cost.part.output"];

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(max - 1).collect::<String>())
    }
}

/// The chart; `title` is read by screen readers and shown on hover.
pub fn split_chart(title: String, bars: Vec<Bar>, lang: Lang, testid: &'static str) -> impl IntoView {
    let max = bars.iter().map(|b| b.parts.iter().sum::<f64>()).fold(0.0_f64, f64::max);
    let bar_w = ROWS.bar_w;
    let scale = if max > 0.0 { bar_w / max } else { 0.0 };
    let height = ROWS.height(bars.len(), 6.0);
    let legend = (0..3)
        .map(|p| {
            let x = ROWS.label_w + p as f64 * 150.0;
            view! {
                <rect x=x y="6" width="14" height="14" rx="3" class=PART_CLASS[p]/>
                <text x=x + 20.0 y="18" class="chart-legend">{t(lang, PART_KEY[p])}</text>
            }
        })
        .collect_view();
    let rows = bars
        .into_iter()
        .enumerate()
        .map(|(row, bar)| {
            let y = ROWS.row_y(row);
            let mut x = ROWS.label_w;
            let segments = (0..3)
                .map(|p| {
                    let w = (bar.parts[p].max(0.0) * scale).max(0.0);
                    let seg = view! {
                        <rect x=x y=y + (ROWS.row_h - ROWS.bar_h) / 2.0 width=w height=ROWS.bar_h class=PART_CLASS[p]>
                            <title>{format!("{}: {}", t(lang, PART_KEY[p]), bar.label)}</title>
                        </rect>
                    };
                    x += w;
                    seg
                })
                .collect_view();
            view! {
                <g>
                    <text x=ROWS.label_w - 8.0 y=y + ROWS.row_h / 2.0 + 5.0 text-anchor="end" class="chart-label">{shorten(&bar.label, 22)}</text>
                    {segments}
                    <text x=x + 6.0 y=y + ROWS.row_h / 2.0 + 5.0 class="chart-value">{bar.value}</text>
                </g>
            }
        })
        .collect_view();
    view! {
        <ChartSvg width=ROWS.width() height=height title=title class="cost-chart" testid=testid aspect="xMinYMin meet">
            {legend}
            {rows}
        </ChartSvg>
    }
}
