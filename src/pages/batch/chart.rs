//! Requests by prompt tokens: an inline SVG bar chart of the histogram,
//! drawn as wide as its box so the labels keep their size on a phone.

use crate::components::chart_frame::{fit_width, ChartSvg};
use crate::i18n::{fill, t, tn, Lang};
use crate::prefs::use_prefs;
use batchlane_core::batch::Histogram;
use leptos::prelude::*;

/// The widest the chart is drawn; below it, as wide as its box.
const MAX_W: f64 = 640.0;
const H: f64 = 200.0;
const LEFT: f64 = 44.0;
const BOTTOM: f64 = 42.0;
const TOP: f64 = 12.0;

fn short(n: u64) -> String {
    match n {
        n if n >= 1_000_000 => format!("{}M", n / 1_000_000),
        n if n >= 1_000 => format!("{}K", n / 1_000),
        n => n.to_string(),
    }
}

fn bucket_label(b: usize) -> String {
    let (lo, hi) = Histogram::bounds(b);
    if hi == u64::MAX {
        format!("≥{}", short(lo))
    } else if lo == hi {
        short(lo)
    } else {
        format!("{}–{}", short(lo), short(hi))
    }
}

#[component]
pub fn Histogram(histogram: Histogram) -> impl IntoView {
    let prefs = use_prefs();
    let lang = move || prefs.lang.get();
    let label = move || t(lang(), "batch.chart.title");
    let draw = move |w: f64| bars_svg(w.min(MAX_W), &histogram, prefs);
    view! {
        <figure class="batch-chart">
            {fit_width("chart-box", draw)}
            <figcaption class="muted">{label}</figcaption>
        </figure>
    }
}

fn bars_svg(w: f64, histogram: &Histogram, prefs: crate::prefs::Prefs) -> AnyView {
    let counts = histogram.counts.clone();
    let first = counts.iter().position(|&c| c > 0).unwrap_or(0);
    let last = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
    let buckets: Vec<usize> = (first..=last).collect();
    let max = buckets.iter().map(|&b| counts[b]).max().unwrap_or(0).max(1);
    let slot = ((w - LEFT - 8.0) / buckets.len().max(1) as f64).min(56.0);
    // A range label is up to ~44 px wide: label every k-th bar when the
    // bars are narrower than that.
    let every = (44.0 / slot).ceil().max(1.0) as usize;
    let plot_h = H - BOTTOM - TOP;
    let lang = move || prefs.lang.get();
    let label = move || t(lang(), "batch.chart.title");
    let bars = buckets
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            let c = counts[b];
            let h = (c as f64 / max as f64 * plot_h).max(if c > 0 { 1.0 } else { 0.0 });
            let x = LEFT + slot * i as f64;
            let y = TOP + plot_h - h;
            let range = bucket_label(b);
            let tip = {
                let range = range.clone();
                move || {
                    let l: Lang = lang();
                    fill(&tn(l, "batch.chart.bar", c), &[("range", &range)])
                }
            };
            let tick = (i % every == 0).then(|| {
                view! { <text class="batch-chart__tick" x=x + slot / 2.0 y=H - BOTTOM + 14.0 text-anchor="middle">{range}</text> }
            });
            view! {
                <g>
                    <rect class="batch-chart__bar" x=x + slot * 0.1 y=y width=slot * 0.8 height=h>
                        <title>{tip}</title>
                    </rect>
                    {tick}
                </g>
            }
        })
        .collect_view();
    view! {
        <ChartSvg width=w height=H title=Signal::derive(label) class="batch-chart__svg" aspect="xMidYMid meet">
            <line class="batch-chart__axis" x1=LEFT y1=TOP + plot_h x2=w - 8.0 y2=TOP + plot_h/>
            <text class="batch-chart__tick" x=LEFT - 6.0 y=TOP + 4.0 text-anchor="end">{format!("{max}")}</text>
            <text class="batch-chart__tick" x=LEFT - 6.0 y=TOP + plot_h text-anchor="end">"0"</text>
            {bars}
            <text class="batch-chart__caption" x=LEFT + (w - LEFT) / 2.0 y=H - 6.0 text-anchor="middle">
                {move || t(lang(), "batch.chart.x")}
            </text>
        </ChartSvg>
    }
    .into_any()
}
