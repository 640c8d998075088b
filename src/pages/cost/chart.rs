//! A horizontal stacked bar chart of costs split into input, cached input
//! and output, drawn as inline SVG (one bar per scenario, tenant or
//! feature).

use crate::components::chart_frame::{fit_width, BarRows, ChartSvg};
use crate::i18n::{t, Lang};
use leptos::prelude::*;

#[derive(Clone)]
pub struct Bar {
    pub label: String,
    /// Uncached input, cached input, output (USD).
    pub parts: [f64; 3],
    /// The bar's total as text.
    pub value: String,
}

/// The wide layout's columns (the bars get what the label and value
/// columns leave of the box's width).
const ROWS: BarRows = BarRows { label_w: 170.0, bar_w: 404.0, value_w: 146.0, row_h: 30.0, bar_h: 18.0, top: 34.0 };
/// Below this width a row is its label and value on one line with the bar
/// under them, all the box's width.
const NARROW: f64 = 520.0;
const PART_CLASS: [&str; 3] = ["chart-input", "chart-cached", "chart-output"];
const PART_KEY: [&str; 3] = ["cost.part.input", "cost.part.cached", "cost.part.output"];

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(max - 1).collect::<String>())
    }
}

/// The chart; `title` is read by screen readers and shown on hover. Drawn
/// as wide as its box, so the 13 px labels stay 13 px on a phone.
pub fn split_chart(title: String, bars: Vec<Bar>, lang: Lang, testid: &'static str) -> impl IntoView {
    let draw = move |w: f64| bars_svg(w, &title, &bars, lang, testid);
    view! { <div class="cost-chart">{fit_width("chart-box", draw)}</div> }
}

fn bars_svg(width: f64, title: &str, bars: &[Bar], lang: Lang, testid: &'static str) -> AnyView {
    let narrow = width < NARROW;
    // Narrow: a 16 px line for the label and value, the bar under it.
    let rows = if narrow {
        BarRows { label_w: 0.0, bar_w: width, value_w: 0.0, row_h: 44.0, bar_h: 16.0, top: 30.0 }
    } else {
        BarRows { bar_w: (width - ROWS.label_w - ROWS.value_w).max(120.0), ..ROWS }
    };
    let max = bars.iter().map(|b| b.parts.iter().sum::<f64>()).fold(0.0_f64, f64::max);
    let scale = if max > 0.0 { rows.bar_w / max } else { 0.0 };
    let height = rows.height(bars.len(), 6.0);
    let legend_step = if narrow { width / 3.0 } else { 150.0 };
    let legend = (0..3)
        .map(|p| {
            let x = rows.label_w + p as f64 * legend_step;
            view! {
                <rect x=x y="6" width="14" height="14" rx="3" class=PART_CLASS[p]/>
                <text x=x + 20.0 y="18" class="chart-legend">{t(lang, PART_KEY[p])}</text>
            }
        })
        .collect_view();
    let rows_view = bars
        .iter()
        .enumerate()
        .map(|(row, bar)| {
            let y = rows.row_y(row);
            let bar_y = if narrow { y + rows.row_h - rows.bar_h - 6.0 } else { y + (rows.row_h - rows.bar_h) / 2.0 };
            let mut x = rows.label_w;
            let segments = (0..3)
                .map(|p| {
                    let w = (bar.parts[p].max(0.0) * scale).max(0.0);
                    let seg = view! {
                        <rect x=x y=bar_y width=w height=rows.bar_h class=PART_CLASS[p]>
                            <title>{format!("{}: {}", t(lang, PART_KEY[p]), bar.label)}</title>
                        </rect>
                    };
                    x += w;
                    seg
                })
                .collect_view();
            let text_y = y + rows.row_h / 2.0 + 5.0;
            let (label, value) = if narrow {
                (
                    view! { <text x=0.0 y=y + 14.0 class="chart-label">{shorten(&bar.label, ((width - 110.0) / 8.0).clamp(8.0, 40.0) as usize)}</text> }.into_any(),
                    view! { <text x=width y=y + 14.0 text-anchor="end" class="chart-value">{bar.value.clone()}</text> }.into_any(),
                )
            } else {
                (
                    view! { <text x=rows.label_w - 8.0 y=text_y text-anchor="end" class="chart-label">{shorten(&bar.label, 22)}</text> }.into_any(),
                    view! { <text x=x + 6.0 y=text_y class="chart-value">{bar.value.clone()}</text> }.into_any(),
                )
            };
            view! { <g>{label}{segments}{value}</g> }
        })
        .collect_view();
    view! {
        <ChartSvg width=width height=height title=title.to_string() testid=testid aspect="xMinYMin meet">
            {legend}
            {rows_view}
        </ChartSvg>
    }
    .into_any()
}
