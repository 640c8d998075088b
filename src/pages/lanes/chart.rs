//! Cost per lane: one horizontal bar per lane that is offered and priced,
//! USD a day, the cheapest that meets the need drawn in the accent colour.
//! Drawn as wide as its box (`fit_width`), as the other charts.

use super::report::{dt_label, lane_label};
use crate::components::chart_frame::{fit_width, BarRows, ChartSvg};
use crate::i18n::{t, Lang};
use batchlane_core::format::format_usd;
use batchlane_core::lanes::LaneReport;
use leptos::prelude::*;

const WIDE: BarRows = BarRows { label_w: 190.0, bar_w: 360.0, value_w: 110.0, row_h: 30.0, bar_h: 18.0, top: 6.0 };
/// Below this width a row is its label and value on one line, the bar under them.
const NARROW: f64 = 520.0;

struct Bar {
    label: String,
    usd: f64,
    best: bool,
    meets: bool,
}

pub fn lane_chart(r: &LaneReport, lang: Lang) -> AnyView {
    let bars: Vec<Bar> = r
        .rows
        .iter()
        .enumerate()
        .filter(|(_, x)| x.available)
        .filter_map(|(i, x)| {
            Some(Bar {
                label: format!("{} · {}", lane_label(lang, x.lane), dt_label(lang, x.deployment_type)),
                usd: x.usd_per_day?,
                best: r.cheapest == Some(i),
                meets: x.meets_deadline != Some(false),
            })
        })
        .collect();
    if bars.is_empty() {
        return view! { <p class="muted" data-testid="lanes-chart-empty">{t(lang, "lanes.chart.empty")}</p> }.into_any();
    }
    let title = t(lang, "lanes.chart.title").to_string();
    view! {
        <figure class="chart lanes-chart" data-testid="lanes-chart">
            {fit_width("chart-box", move |w| svg(w, &title, &bars))}
            <figcaption class="muted">{t(lang, "lanes.chart.caption")}</figcaption>
        </figure>
    }
    .into_any()
}

fn svg(width: f64, title: &str, bars: &[Bar]) -> AnyView {
    let narrow = width < NARROW;
    let rows = if narrow {
        BarRows { label_w: 0.0, bar_w: width, value_w: 0.0, row_h: 42.0, bar_h: 14.0, top: 4.0 }
    } else {
        BarRows { bar_w: (width - WIDE.label_w - WIDE.value_w).max(120.0), ..WIDE }
    };
    let max = bars.iter().map(|b| b.usd).fold(0.0_f64, f64::max);
    let scale = if max > 0.0 { rows.bar_w / max } else { 0.0 };
    let height = rows.height(bars.len(), 6.0);
    let body = bars
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let y = rows.row_y(i);
            let w = (b.usd * scale).max(1.0);
            let class = match (b.best, b.meets) {
                (true, _) => "lanes-bar lanes-bar--best",
                (false, true) => "lanes-bar",
                (false, false) => "lanes-bar lanes-bar--miss",
            };
            let value = format_usd(b.usd);
            if narrow {
                view! {
                    <g>
                        <text x=0.0 y=y + 13.0 class="chart-label">{b.label.clone()}</text>
                        <text x=width y=y + 13.0 text-anchor="end" class="chart-value">{value}</text>
                        <rect x=0.0 y=y + rows.row_h - rows.bar_h - 6.0 width=w height=rows.bar_h rx="3" class=class/>
                    </g>
                }
                .into_any()
            } else {
                let ty = y + rows.row_h / 2.0 + 5.0;
                view! {
                    <g>
                        <text x=rows.label_w - 8.0 y=ty text-anchor="end" class="chart-label">{b.label.clone()}</text>
                        <rect x=rows.label_w y=y + (rows.row_h - rows.bar_h) / 2.0 width=w height=rows.bar_h rx="3" class=class/>
                        <text x=rows.label_w + w + 6.0 y=ty class="chart-value">{value}</text>
                    </g>
                }
                .into_any()
            }
        })
        .collect_view();
    view! {
        <ChartSvg width=width height=height title=title.to_string() testid="lanes-chart-svg" aspect="xMinYMin meet">
            {body}
        </ChartSvg>
    }
    .into_any()
}
