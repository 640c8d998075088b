//! A small inline-SVG line chart (axes, ticks, legend), generated here: no
//! external resources, no inline styles (colours come from CSS classes).

use crate::components::chart_frame::{ChartSvg, Plot};
use leptos::prelude::*;

pub struct Series {
    pub name: String,
    /// CSS class suffix: `s1` … `s4`.
    pub class: &'static str,
    pub ys: Vec<f64>,
}

const P: Plot = Plot { width: 640.0, height: 260.0, left: 64.0, right: 16.0, top: 14.0, bottom: 40.0 };

pub use batchlane_core::format::format_compact as compact;

/// A "nice" upper bound for an axis.
fn nice(max: f64) -> f64 {
    if max <= 0.0 || !max.is_finite() {
        return 1.0;
    }
    let p = 10f64.powf(max.log10().floor());
    for m in [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0] {
        if m * p >= max {
            return m * p;
        }
    }
    10.0 * p
}

#[component]
pub fn LineChart(
    title: String,
    x_label: String,
    y_label: String,
    xs: Vec<f64>,
    series: Vec<Series>,
    marker: Option<f64>,
    #[prop(optional)] money: bool,
    testid: &'static str,
) -> impl IntoView {
    let x_max = nice(xs.iter().copied().fold(0.0, f64::max));
    let y_max = nice(series.iter().flat_map(|s| s.ys.iter().copied()).filter(|v| v.is_finite()).fold(0.0, f64::max));
    let px = move |x: f64| P.x(x, x_max);
    let py = move |y: f64| P.y(y, y_max);
    let fmt_y = move |v: f64| if money { format!("${}", compact(v)) } else { compact(v) };
    let ticks = (0..=4).map(|i| i as f64 / 4.0);
    let y_ticks = ticks
        .clone()
        .map(|f| {
            let v = y_max * f;
            let y = py(v);
            view! {
                <line class="chart-grid" x1=P.left x2=P.right_edge() y1=y y2=y/>
                <text class="chart-tick" x=P.left - 6.0 y=y + 4.0 text-anchor="end">{fmt_y(v)}</text>
            }
        })
        .collect_view();
    let x_ticks = ticks
        .map(|f| {
            let v = x_max * f;
            let x = px(v);
            view! {
                <line class="chart-axis" x1=x x2=x y1=P.baseline() y2=P.baseline() + 4.0/>
                <text class="chart-tick" x=x y=P.baseline() + 16.0 text-anchor="middle">{compact(v)}</text>
            }
        })
        .collect_view();
    let lines = series
        .iter()
        .map(|s| {
            let d = xs
                .iter()
                .zip(&s.ys)
                .filter(|(x, y)| x.is_finite() && y.is_finite())
                .enumerate()
                .map(|(i, (x, y))| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { "L" }, px(*x), py(*y)))
                .collect::<String>();
            view! { <path class=format!("chart-line chart-line--{}", s.class) d=d><title>{s.name.clone()}</title></path> }
        })
        .collect_view();
    let marker_view = marker.filter(|m| m.is_finite() && *m <= x_max).map(|m| {
        let x = px(m);
        view! { <line class="chart-marker" x1=x x2=x y1=P.top y2=P.baseline()/> }
    });
    let legend = series
        .iter()
        .map(
            |s| view! { <li><span class=format!("chart-swatch chart-swatch--{}", s.class) aria-hidden="true"></span>{s.name.clone()}</li> },
        )
        .collect_view();
    let aria = format!("{title}. {x_label}; {y_label}.");
    view! {
        <figure class="chart" data-testid=testid>
            <ChartSvg width=P.width height=P.height title=title aria=aria aspect="xMidYMid meet">
                {y_ticks}
                {P.axes()}
                {x_ticks}
                {marker_view}
                {lines}
                <text class="chart-label" x=(P.left + P.right_edge()) / 2.0 y=P.height - 6.0 text-anchor="middle">{x_label}</text>
            </ChartSvg>
            <figcaption>
                <span class="muted">{y_label}</span>
                <ul class="chart-legend">{legend}</ul>
            </figcaption>
        </figure>
    }
}
