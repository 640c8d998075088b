//! The simulator's arrivals: Poisson at the plan's peak, or a burst
//! schedule the user draws as steps (from second, requests/min), kept in the
//! URL as `ss=0:20;120:120;240:20`, with a small SVG step preview.

use super::state::{clean, problem, QuotaState};
use super::use_quota;
use crate::components::chart_frame::{fit_width, ChartSvg, Plot};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format::format_compact as compact;
use batchlane_core::quota::{num, Arrivals, Problem, RateStep, SimError, SimSetting};
use batchlane_core::text::Text;
use leptos::prelude::*;

/// The schedule's rows as typed: (from second, requests/min).
pub fn step_texts(st: &QuotaState) -> Vec<(String, String)> {
    rows_of(&st.get("ss"))
}

fn rows_of(raw: &str) -> Vec<(String, String)> {
    if raw.trim().is_empty() {
        return Vec::new();
    }
    raw.split(';')
        .map(|row| match row.split_once(':') {
            Some((a, r)) => (a.to_string(), r.to_string()),
            None => (row.to_string(), String::new()),
        })
        .collect()
}

fn store(st: &QuotaState, rows: &[(String, String)]) {
    st.set("ss", rows.iter().map(|(a, r)| format!("{a}:{r}")).collect::<Vec<_>>().join(";"));
}

/// A typed number, or why not.
pub fn parse(s: &str) -> Result<f64, Problem> {
    let s = clean(s);
    if s.is_empty() {
        return Err(Problem::Empty);
    }
    batchlane_core::io::parse_number(&s).ok_or(Problem::NotANumber)
}

/// The arrivals the user chose, or the reasons they are refused. Range
/// checks beyond "is a number" and "within the run" are the domain's.
pub fn read_arrivals(st: &QuotaState, peak_rpm: f64, duration_s: Option<f64>) -> (Arrivals, Vec<SimError>) {
    if st.get("sa") != "steps" {
        return (Arrivals::Poisson { rpm: peak_rpm }, Vec::new());
    }
    let mut errors = Vec::new();
    let mut steps = Vec::new();
    let rows = step_texts(st);
    if rows.is_empty() {
        errors.push(SimError { setting: SimSetting::ArrivalRate, index: None, problem: Problem::Empty });
    }
    for (i, (a, r)) in rows.iter().enumerate() {
        let at = parse(a).and_then(|x| match duration_s {
            Some(d) if x > d => Err(Problem::TooLarge { max: d }),
            _ => Ok(x),
        });
        let rpm = parse(r);
        if let Err(p) = &at {
            errors.push(SimError { setting: SimSetting::StepTime, index: Some(i), problem: p.clone() });
        }
        if let Err(p) = &rpm {
            errors.push(SimError { setting: SimSetting::ArrivalRate, index: Some(i), problem: p.clone() });
        }
        if let (Ok(at_s), Ok(rpm)) = (at, rpm) {
            steps.push(RateStep { at_s, rpm });
        }
    }
    (Arrivals::Schedule { steps }, errors)
}

/// The reason for one setting (and row), reactive.
pub fn sim_reason(errors: Signal<Vec<SimError>>, setting: SimSetting, index: Option<usize>) -> Signal<Option<Text>> {
    Signal::derive(move || errors.with(|e| e.iter().find(|e| e.setting == setting && e.index == index).map(|e| problem(&e.problem))))
}

#[component]
pub fn ArrivalsEditor(
    errors: Signal<Vec<SimError>>,
    /// Requests/min the deployments admit in all, when the run is valid.
    capacity: Signal<Option<f64>>,
    duration: Signal<f64>,
) -> impl IntoView {
    let lang = use_prefs().lang;
    let (st, checked) = use_quota();
    let steps_mode = move || st.get("sa") == "steps";
    let count = Memo::new(move |_| step_texts(&st).len());
    let cell = move |i: usize, col: usize| {
        move || step_texts(&st).get(i).map(|r| if col == 0 { r.0.clone() } else { r.1.clone() }).unwrap_or_default()
    };
    let edit = move |i: usize, col: usize, v: String| {
        let v: String = v.chars().filter(|c| *c != ';' && *c != ':').collect();
        let mut rows = step_texts(&st);
        if let Some(r) = rows.get_mut(i) {
            if col == 0 {
                r.0 = v
            } else {
                r.1 = v
            }
        }
        store(&st, &rows);
    };
    let add = move |_| {
        let mut rows = step_texts(&st);
        let next = rows.last().map_or((0.0, 60.0), |(a, r)| (parse(a).unwrap_or(0.0) + 60.0, parse(r).unwrap_or(60.0)));
        rows.push((num_plain(next.0), num_plain(next.1)));
        store(&st, &rows);
    };
    let input = move |i: usize, col: usize| {
        let (setting, key, tid) = if col == 0 {
            (SimSetting::StepTime, "quota.sim.step_at", format!("q-ss-at-{i}"))
        } else {
            (SimSetting::ArrivalRate, "quota.sim.step_rpm", format!("q-ss-rpm-{i}"))
        };
        let reason = sim_reason(errors, setting, Some(i));
        let err_id = format!("{tid}-err");
        view! {
            <td class:quota-field--invalid=move || reason.with(|r| r.is_some())>
                <input type="text" inputmode="decimal" autocomplete="off" data-testid=tid.clone()
                    aria-label=move || fill(t(lang.get(), key), &[("i", &(i + 1).to_string())])
                    aria-invalid=move || reason.with(|r| r.is_some()).to_string()
                    aria-describedby=move || if reason.with(|r| r.is_some()) { err_id.clone() } else { String::new() }
                    prop:value=cell(i, col)
                    on:input=move |ev| edit(i, col, event_target_value(&ev))/>
                {move || reason.get().map(|r| view! {
                    <span class="field-error" id=format!("{tid}-err") role="alert">{r.pick(lang.get()).to_string()}</span>
                })}
            </td>
        }
    };
    let rows = move || {
        (0..count.get())
            .map(|i| {
                view! {
                    <tr>
                        {input(i, 0)}
                        {input(i, 1)}
                        <td>
                            <button type="button" class="button button--small" data-testid=format!("q-ss-del-{i}")
                                aria-label=move || fill(t(lang.get(), "quota.sim.step_remove"), &[("i", &(i + 1).to_string())])
                                on:click=move |_| {
                                    let mut r = step_texts(&st);
                                    if i < r.len() {
                                        r.remove(i);
                                    }
                                    store(&st, &r);
                                }>"×"</button>
                        </td>
                    </tr>
                }
            })
            .collect_view()
    };
    let peak = move || checked.with(|c| c.input.peak_rpm);
    let preview = move || {
        let (arr, _) = read_arrivals(&st, peak(), None);
        let steps = match arr {
            Arrivals::Poisson { rpm } => vec![RateStep { at_s: 0.0, rpm }],
            Arrivals::Schedule { steps } => steps,
        };
        view! { <StepPreview steps duration=duration.get() capacity=capacity.get()/> }
    };
    let general = move || {
        errors.with(|e| {
            e.iter()
                .filter(|e| e.setting == SimSetting::ArrivalRate && e.index.is_none())
                .map(|e| problem(&e.problem).pick(lang.get()).to_string())
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="quota-arrivals" data-testid="quota-arrivals">
            <div class="field quota-field">
                <label for="q-sa">{tr("quota.sim.arrivals")}</label>
                <select id="q-sa" data-testid="q-sa" on:change=move |ev| st.set("sa", event_target_value(&ev))>
                    <option value="poisson" selected=move || !steps_mode()>
                        {move || fill(t(lang.get(), "quota.sim.a_poisson"), &[("rpm", &num(peak()))])}
                    </option>
                    <option value="steps" selected=steps_mode>{tr("quota.sim.a_steps")}</option>
                </select>
                {move || general().into_iter().map(|s| view! { <span class="field-error" role="alert">{s}</span> }).collect_view()}
            </div>
            <Show when=steps_mode>
                <div class="quota-steps">
                    <table class="quota-table quota-steps-table" data-testid="quota-steps">
                        <caption class="muted">{tr("quota.sim.steps_caption")}</caption>
                        <thead><tr>
                            <th scope="col">{tr("quota.sim.step_at_h")}</th>
                            <th scope="col">{tr("quota.sim.step_rpm_h")}</th>
                            <th scope="col"><span class="quota-sr">{tr("quota.sim.step_actions")}</span></th>
                        </tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                    <button type="button" class="button button--small" data-testid="q-ss-add" on:click=add>
                        {tr("quota.sim.step_add")}
                    </button>
                </div>
            </Show>
            {preview}
        </div>
    }
}

/// 120.0 → "120", 0.5 → "0.5" (for values put back into inputs).
fn num_plain(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        x.to_string()
    }
}

const PREVIEW: Plot = Plot { width: 360.0, height: 96.0, left: 40.0, right: 8.0, top: 8.0, bottom: 18.0 };

/// A small step chart of the arrival rate over the run, with the
/// deployments' capacity as a dashed line.
#[component]
fn StepPreview(steps: Vec<RateStep>, duration: f64, capacity: Option<f64>) -> impl IntoView {
    let lang = use_prefs().lang;
    let mut steps = steps;
    steps.sort_by(|a, b| a.at_s.total_cmp(&b.at_s));
    let d = if duration > 0.0 && duration.is_finite() { duration } else { steps.last().map_or(60.0, |s| s.at_s.max(60.0)) };
    let top = steps.iter().map(|s| s.rpm).chain(capacity).fold(0.0_f64, f64::max).max(1.0) * 1.15;
    let label = StoredValue::new(steps.clone());
    let label = move || {
        let l = lang.get();
        let parts: Vec<String> = label.with_value(|st| {
            st.iter().map(|s| fill(t(l, "quota.sim.preview_step"), &[("rpm", &num(s.rpm)), ("s", &num(s.at_s))])).collect()
        });
        format!("{}: {}", t(l, "quota.sim.preview_title"), parts.join(", "))
    };
    // As wide as the box up to 360 px, so the labels keep their size.
    let draw = move |w: f64| {
        let p = Plot { width: w.min(PREVIEW.width), ..PREVIEW };
        let x = |t: f64| p.x(t.clamp(0.0, d), d);
        let y = |r: f64| p.y(r.max(0.0), top);
        let mut path = format!("M{:.1},{:.1}", x(0.0), y(0.0));
        let mut rate = 0.0;
        for s in steps.iter().filter(|s| s.at_s <= d) {
            path += &format!(" L{:.1},{:.1} L{:.1},{:.1}", x(s.at_s), y(rate), x(s.at_s), y(s.rpm));
            rate = s.rpm;
        }
        path += &format!(" L{:.1},{:.1}", x(d), y(rate));
        let cap = capacity.filter(|c| *c > 0.0).map(|c| {
            let cy = y(c);
            view! {
                <line class="chart-marker" x1=p.left y1=cy x2=p.right_edge() y2=cy/>
                <text class="chart-label" x=p.right_edge() - 2.0 y=cy - 3.0 text-anchor="end">
                    {move || fill(t(lang.get(), "quota.sim.preview_cap"), &[("rpm", &num(c))])}
                </text>
            }
        });
        view! {
            <ChartSvg width=p.width height=p.height title=Signal::derive(label) natural_size=true>
                {p.axes()}
                <text class="chart-tick" x=p.left - 4.0 y=p.top + 8.0 text-anchor="end">{compact(top / 1.15)}</text>
                <text class="chart-tick" x=p.left - 4.0 y=p.baseline() text-anchor="end">"0"</text>
                <text class="chart-tick" x=p.left y=p.height - 4.0>"0 s"</text>
                <text class="chart-tick" x=p.right_edge() y=p.height - 4.0 text-anchor="end">{format!("{} s", num(d))}</text>
                <path class="chart-line chart-line--s2" d=path data-testid="quota-step-path"/>
                {cap}
            </ChartSvg>
        }
    };
    view! {
        <figure class="chart quota-step-preview" data-testid="quota-step-preview">
            {fit_width("chart-box", draw)}
        </figure>
    }
}
