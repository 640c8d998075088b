//! A small inline-SVG line chart (axes, ticks, legend), generated here: no
//! external resources, no inline styles (colours come from CSS classes).

use leptos::prelude::*;

pub struct Series {
    pub name: String,
    /// CSS class suffix: `s1` … `s4`.
    pub class: &'static str,
    pub ys: Vec<f64>,
}

const W: f64 = 640.0;
const H: f64 = 260.0;
const L: f64 = 64.0;
const R: f64 = 16.0;
const T: f64 = 14.0;
const B: f64 = 40.0;

/// 1234567 → "1.2M", 35000 → "35k".
pub fn compact(x: f64) -> String {
    let a = x.abs();
    let (v, s) = if a >= 1e9 {
        (x / 1e9, "B")
    } else if a >= 1e6 {
        (x / 1e6, "M")
    } else if a >= 1e3 {
        (x / 1e3, "k")
    } else {
        (x, "")
    };
    let t = if v.fract().abs() < 0.05 || v.abs() >= 100.0 { format!("{v:.0}") } else { format!("{v:.1}") };
    format!("{t}{s}")
}

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
    let px = move |x: f64| L + (x / x_max) * (W - L - R);
    let py = move |y: f64| H - B - (y / y_max) * (H - T - B);
    let fmt_y = move |v: f64| if money { format!("${}", compact(v)) } else { compact(v) };
    let ticks = (0..=4).map(|i| i as f64 / 4.0);
    let y_ticks = ticks
        .clone()
        .map(|f| {
            let v = y_max * f;
            let y = py(v);
            view! {
                <line class="chart-grid" x1=L x2=W - R y1=y y2=y/>
                <text class="chart-tick" x=L - 6.0 y=y + 4.0 text-anchor="end">{fmt_y(v)}</text>
            }
        })
        .collect_view();
    let x_ticks = ticks
        .map(|f| {
            let v = x_max * f;
            let x = px(v);
            view! {
                <line class="chart-axis" x1=x x2=x y1=H - B y2=H - B + 4.0/>
                <text class="chart-tick" x=x y=H - B + 16.0 text-anchor="middle">{compact(v)}</text>
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
        view! { <line class="chart-marker" x1=x x2=x y1=T y2=H - B/> }
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
            <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label=aria width="100%" preserveAspectRatio="xMidYMid meet">
                <title>{title.clone()}</title>
                {y_ticks}
                <line class="chart-axis" x1=L x2=W - R y1=H - B y2=H - B/>
                <line class="chart-axis" x1=L x2=L y1=T y2=H - B/>
                {x_ticks}
                {marker_view}
                {lines}
                <text class="chart-label" x=(L + W - R) / 2.0 y=H - 6.0 text-anchor="middle">{x_label}</text>
            </svg>
            <figcaption>
                <span class="muted">{y_label}</span>
                <ul class="chart-legend">{legend}</ul>
            </figcaption>
        </figure>
    }
}
