//! A horizontal stacked bar chart of costs split into input, cached input
//! and output, drawn as inline SVG (one bar per scenario, tenant or
//! feature).

use crate::i18n::{t, Lang};
use leptos::prelude::*;

pub struct Bar {
    pub label: String,
    /// Uncached input, cached input, output (USD).
    pub parts: [f64; 3],
    /// The bar's total as text.
    pub value: String,
}

const WIDTH: f64 = 720.0;
const LABEL_W: f64 = 170.0;
const VALUE_W: f64 = 130.0;
const ROW_H: f64 = 30.0;
const BAR_H: f64 = 18.0;
const TOP: f64 = 34.0;
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
    let bar_w = WIDTH - LABEL_W - VALUE_W - 16.0;
    let scale = if max > 0.0 { bar_w / max } else { 0.0 };
    let height = TOP + bars.len() as f64 * ROW_H + 6.0;
    let legend = (0..3)
        .map(|p| {
            let x = LABEL_W + p as f64 * 150.0;
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
            let y = TOP + row as f64 * ROW_H;
            let mut x = LABEL_W;
            let segments = (0..3)
                .map(|p| {
                    let w = (bar.parts[p].max(0.0) * scale).max(0.0);
                    let seg = view! {
                        <rect x=x y=y + (ROW_H - BAR_H) / 2.0 width=w height=BAR_H class=PART_CLASS[p]>
                            <title>{format!("{}: {}", t(lang, PART_KEY[p]), bar.label)}</title>
                        </rect>
                    };
                    x += w;
                    seg
                })
                .collect_view();
            view! {
                <g>
                    <text x=LABEL_W - 8.0 y=y + ROW_H / 2.0 + 5.0 text-anchor="end" class="chart-label">{shorten(&bar.label, 22)}</text>
                    {segments}
                    <text x=x + 6.0 y=y + ROW_H / 2.0 + 5.0 class="chart-value">{bar.value}</text>
                </g>
            }
        })
        .collect_view();
    let label = title.clone();
    view! {
        <svg
            class="cost-chart"
            data-testid=testid
            viewBox=format!("0 0 {WIDTH} {height}")
            width="100%"
            role="img"
            aria-label=label
            preserveAspectRatio="xMinYMin meet"
        >
            <title>{title}</title>
            {legend}
            {rows}
        </svg>
    }
}
