//! A small inline-SVG line chart (axes, ticks, legend), generated here: no
//! external resources, no inline styles (colours come from CSS classes).
//! Drawn as wide as its box, so the tick labels keep their size on a phone.

use crate::components::chart_frame::{fit_width, ChartSvg, Plot};
use batchlane_core::format::{axis_max, format_compact as compact};
use leptos::prelude::*;

#[derive(Clone)]
pub struct Series {
    pub name: String,
    /// CSS class suffix: `s1` … `s4`.
    pub class: &'static str,
    pub ys: Vec<f64>,
}

/// The plot's margins; its width is the box's.
const P: Plot = Plot { width: 640.0, height: 260.0, left: 64.0, right: 16.0, top: 14.0, bottom: 40.0 };

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
    let x_max = axis_max(xs.iter().copied().fold(0.0, f64::max));
    let y_max = axis_max(series.iter().flat_map(|s| s.ys.iter().copied()).filter(|v| v.is_finite()).fold(0.0, f64::max));
    let legend = series
        .iter()
        .map(
            |s| view! { <li><span class=format!("chart-swatch chart-swatch--{}", s.class) aria-hidden="true"></span>{s.name.clone()}</li> },
        )
        .collect_view();
    let aria = format!("{title}. {x_label}; {y_label}.");
    let draw = move |w: f64| {
        let p = Plot { width: w.max(240.0), ..P };
        svg(p, &title, &aria, &x_label, &xs, &series, marker, money, x_max, y_max)
    };
    view! {
        <figure class="chart" data-testid=testid>
            {fit_width("chart-box", draw)}
            <figcaption>
                <span class="muted">{y_label}</span>
                <ul class="chart-legend">{legend}</ul>
            </figcaption>
        </figure>
    }
}

#[allow(clippy::too_many_arguments)]
fn svg(
    p: Plot,
    title: &str,
    aria: &str,
    x_label: &str,
    xs: &[f64],
    series: &[Series],
    marker: Option<f64>,
    money: bool,
    x_max: f64,
    y_max: f64,
) -> AnyView {
    let px = move |x: f64| p.x(x, x_max);
    let py = move |y: f64| p.y(y, y_max);
    let fmt_y = move |v: f64| if money { format!("${}", compact(v)) } else { compact(v) };
    // Five ticks, three when the plot is narrow (a label is ~40 px wide).
    let parts = if p.width < 480.0 { 2 } else { 4 };
    let ticks = (0..=parts).map(move |i| i as f64 / parts as f64);
    let y_ticks = ticks
        .clone()
        .map(|f| {
            let v = y_max * f;
            let y = py(v);
            view! {
                <line class="chart-grid" x1=p.left x2=p.right_edge() y1=y y2=y/>
                <text class="chart-tick" x=p.left - 6.0 y=y + 4.0 text-anchor="end">{fmt_y(v)}</text>
            }
        })
        .collect_view();
    let x_ticks = ticks
        .map(|f| {
            let v = x_max * f;
            let x = px(v);
            view! {
                <line class="chart-axis" x1=x x2=x y1=p.baseline() y2=p.baseline() + 4.0/>
                <text class="chart-tick" x=x y=p.baseline() + 16.0 text-anchor="middle">{compact(v)}</text>
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
        view! { <line class="chart-marker" x1=x x2=x y1=p.top y2=p.baseline()/> }
    });
    let x_label = x_label.to_string();
    view! {
        <ChartSvg width=p.width height=p.height title=title.to_string() aria=aria.to_string() aspect="xMidYMid meet">
            {y_ticks}
            {p.axes()}
            {x_ticks}
            {marker_view}
            {lines}
            <text class="chart-label" x=(p.left + p.right_edge()) / 2.0 y=p.height - 6.0 text-anchor="middle">{x_label}</text>
        </ChartSvg>
    }
    .into_any()
}
