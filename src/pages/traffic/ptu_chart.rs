//! A PTU plan's cost curve: monthly USD against the PTU count (left axis)
//! and the share that spills (right axis, 0–100%), with the three marked
//! counts: all pay-as-you-go, peak-sized (Azure's calculator) and the
//! cheapest.

use crate::components::chart_frame::{fit_width, ChartSvg};
use crate::i18n::{fill, t, Lang};
use batchlane_core::format::{axis_max, format_compact as compact};
use batchlane_core::traffic::{CurvePoint, PtuPlan};
use leptos::prelude::*;

const LEFT: f64 = 52.0;
const RIGHT: f64 = 40.0;
const TOP: f64 = 16.0;
const PLOT: f64 = 190.0;
const AXIS: f64 = 36.0;

/// 1, 2, 2.5 or 5 × 10^k at or above `raw` (at least 1: PTUs are whole).
fn tick_step(raw: f64) -> f64 {
    if raw <= 1.0 || !raw.is_finite() {
        return 1.0;
    }
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0].into_iter().map(|m| m * p).find(|s| *s >= raw).unwrap_or(10.0 * p).max(1.0)
}

pub fn ptu_curve(p: &PtuPlan, lang: Lang) -> AnyView {
    let plan = p.clone();
    view! {
        <figure class="chart traffic-chart traffic-ptu-chart" data-testid="traffic-ptu-chart">
            {fit_width("chart-box", move |width| plot(&plan, lang, width))}
            <figcaption>
                <ul class="chart-legend traffic-legend">
                    <li><span class="traffic-swatch traffic-swatch--cost" aria-hidden="true"></span>{t(lang, "traffic.ptu.legend.cost")}</li>
                    <li><span class="traffic-swatch traffic-swatch--spill" aria-hidden="true"></span>{t(lang, "traffic.ptu.legend.spill")}</li>
                </ul>
            </figcaption>
        </figure>
    }
    .into_any()
}

/// The SVG itself, `width` CSS pixels wide.
fn plot(p: &PtuPlan, lang: Lang, width: f64) -> AnyView {
    let height = TOP + PLOT + AXIS;
    let base = TOP + PLOT;
    // Whole-PTU ticks: a step of 1, 2, 2.5 or 5 × 10^k, four or fewer of them.
    let top = p.curve.iter().map(|c| c.ptu).fold(p.peak_sized.ptu, f64::max).max(1.0);
    let step = tick_step(top / 4.0);
    let x_max = (top / step).ceil() * step;
    let ticks_n = (x_max / step).round() as usize;
    let y_max = axis_max(p.curve.iter().map(|c| c.monthly_usd).fold(0.0, f64::max));
    let x = move |v: f64| LEFT + v / x_max * (width - LEFT - RIGHT);
    let y = move |v: f64| base - v / y_max * PLOT;
    let ys = move |share: f64| base - share.clamp(0.0, 1.0) * PLOT;
    let line = |f: &dyn Fn(&CurvePoint) -> f64| {
        p.curve
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { "L" }, x(c.ptu), f(c)))
            .collect::<String>()
    };
    let cost = line(&|c| y(c.monthly_usd));
    let spill = line(&|c| ys(c.spilled_share));
    let grid = (0..=4)
        .map(|i| {
            let f = i as f64 / 4.0;
            let yy = base - f * PLOT;
            view! {
                <line class="chart-grid" x1=LEFT x2=width - RIGHT y1=yy y2=yy/>
                <text class="chart-tick traffic-tick" x=LEFT - 5.0 y=yy + 4.0 text-anchor="end">{format!("${}", compact(y_max * f))}</text>
                <text class="chart-tick traffic-tick" x=width - RIGHT + 5.0 y=yy + 4.0 text-anchor="start">{format!("{:.0}%", f * 100.0)}</text>
            }
        })
        .collect_view();
    let xticks = (0..=ticks_n)
        .map(|i| {
            let v = step * i as f64;
            let xx = x(v);
            view! {
                <line class="chart-axis" x1=xx x2=xx y1=base y2=base + 4.0/>
                <text class="chart-tick traffic-tick" x=xx y=base + 16.0 text-anchor="middle">{compact(v)}</text>
            }
        })
        .collect_view();
    // The three marks; where counts coincide, one label names them all
    // (the cheapest drawn last, on top).
    let marks = [
        (p.payg, "payg", "traffic.ptu.mark.payg"),
        (p.peak_sized, "peak", "traffic.ptu.mark.peak"),
        (p.best, "best", "traffic.ptu.mark.best"),
    ];
    let circles = marks
        .iter()
        .map(|(c, code, key)| {
            view! {
                <circle class=format!("traffic-mark traffic-mark--{code}") data-testid=format!("traffic-mark-{code}") cx=x(c.ptu) cy=y(c.monthly_usd) r="5">
                    <title>{format!("{}: {} PTU", t(lang, key), compact(c.ptu))}</title>
                </circle>
            }
        })
        .collect_view();
    let mut labels: Vec<(f64, f64, &'static str, Vec<&'static str>)> = Vec::new();
    for (c, code, key) in marks.iter().rev() {
        match labels.iter_mut().find(|l| (l.0 - c.ptu).abs() < 1e-9) {
            Some(l) => l.3.push(t(lang, key)),
            None => labels.push((c.ptu, c.monthly_usd, code, vec![t(lang, key)])),
        }
    }
    let label_views = labels
        .into_iter()
        .map(|(ptu, usd, code, names)| {
            let (cx, cy) = (x(ptu), y(usd));
            let anchor = if cx > width * 0.6 { "end" } else { "start" };
            let dx = if anchor == "end" { -8.0 } else { 8.0 };
            // Above the mark, or below it when the mark is near the top.
            let ly = if cy - 10.0 < TOP + 10.0 { cy + 18.0 } else { cy - 10.0 };
            view! {
                <text class=format!("traffic-mark-label traffic-mark-label--{code}") x=cx + dx y=ly text-anchor=anchor>{names.join(" = ")}</text>
            }
        })
        .collect_view();
    let mark_views = view! { {circles}{label_views} };
    let title = fill(t(lang, "traffic.ptu.chart_title"), &[("model", &p.model)]);
    view! {
            <ChartSvg width=width height=height title=title>
                {grid}
                <line class="chart-axis" x1=LEFT x2=width - RIGHT y1=base y2=base/>
                <path class="traffic-line traffic-line--cost" d=cost/>
                <path class="traffic-line traffic-line--spill" d=spill/>
                {mark_views}
                {xticks}
                <text class="chart-label traffic-tick" x=(LEFT + width - RIGHT) / 2.0 y=height - 4.0 text-anchor="middle">{t(lang, "traffic.ptu.x")}</text>
            </ChartSvg>
    }
    .into_any()
}
