//! The 429 simulator: deployments with their own TPM, the enforcement
//! window, routing, retry policy, duration and seed; a Run button; the
//! outcome, latency percentiles and a time series.

use super::chart::{LineChart, Series};
use super::field::NumField;
use super::sim_arrivals::{read_arrivals, sim_reason, ArrivalsEditor};
use super::sim_retry::{read_retry, RetryFields};
use super::state::{clean, problem, QuotaState};
use super::use_quota;
use crate::i18n::{fill, t, tn};
use crate::prefs::{tr, use_prefs};
use crate::worker::client::{WorkerPool, WORKER_URL};
use batchlane_core::facts::Catalog;
use batchlane_core::protocol::{Request, Response};
use batchlane_core::quota::{
    num, pct, rpm_for_tpm, DeploymentLimits, PlanInput, Problem, RetryKind, Routing, SimBudget, SimConfig, SimError, SimResult, SimSetting,
    SimStop, Window, MAX_DEPLOYMENTS,
};
use batchlane_core::text::Text;
use leptos::prelude::*;

/// The deployments' TPM as typed (separated by ";"), padded to `n` with the
/// plan's TPM.
fn tpm_texts(st: &QuotaState, n: usize, plan_tpm: f64) -> Vec<String> {
    let raw = st.get("sdt");
    let mut v: Vec<String> = if raw.is_empty() { Vec::new() } else { raw.split(';').map(str::to_string).collect() };
    v.resize(n, plan_tpm.to_string());
    v
}

fn count(st: &QuotaState) -> Result<usize, Problem> {
    let s = clean(&st.get("sn"));
    if s.is_empty() {
        return Err(Problem::Empty);
    }
    let x = batchlane_core::io::parse_number(&s).ok_or(Problem::NotANumber)?;
    if x < 1.0 {
        Err(Problem::TooSmall { min: 1.0 })
    } else if x.fract() != 0.0 {
        Err(Problem::NotWhole)
    } else if x > MAX_DEPLOYMENTS as f64 {
        Err(Problem::TooLarge { max: MAX_DEPLOYMENTS as f64 })
    } else {
        Ok(x as usize)
    }
}

/// The run's settings, or the reasons they are refused.
fn config(st: &QuotaState, input: &PlanInput, ratio: f64, catalog: &Catalog) -> Result<SimConfig, Vec<SimError>> {
    let err = |setting, index, problem| SimError { setting, index, problem };
    let n = count(st).map_err(|p| vec![err(SimSetting::Deployments, None, p)])?;
    let mut cfg = SimConfig::from_plan(input, catalog, n);
    // Fewer, wider buckets read better in a 640-wide chart.
    cfg.max_points = 150;
    let mut errors = Vec::new();
    cfg.deployments = tpm_texts(st, n, input.allocated_tpm)
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let tpm = batchlane_core::io::parse_number(s).unwrap_or(f64::NAN);
            if tpm.is_nan() {
                errors.push(err(
                    SimSetting::DeploymentTpm,
                    Some(i),
                    if clean(s).is_empty() { Problem::Empty } else { Problem::NotANumber },
                ));
            }
            DeploymentLimits { tpm, rpm: rpm_for_tpm(tpm, ratio) }
        })
        .collect();
    cfg.window = match st.get("sw").as_str() {
        "1" => Window::OneSecond,
        "60" => Window::Minute,
        _ => Window::TenSeconds,
    };
    cfg.routing = if st.get("sr") == "rr" { Routing::RoundRobin } else { Routing::RetryAfterAware };
    cfg.retry.kind = match st.get("sp").as_str() {
        "imm" => RetryKind::Immediate,
        "exp" => RetryKind::Backoff,
        _ => RetryKind::RetryAfterThenBackoff,
    };
    let duration = st.number("sdur");
    match duration {
        Some(d) => cfg.duration_s = d,
        None => errors.push(err(SimSetting::Duration, None, Problem::NotANumber)),
    }
    let (arrivals, arrival_errors) = read_arrivals(st, input.peak_rpm, duration);
    cfg.arrivals = arrivals;
    errors.extend(arrival_errors);
    read_retry(st, &mut cfg, &mut errors);
    match batchlane_core::io::parse_whole(&st.get("sseed")) {
        Some(s) => cfg.seed = s,
        None => errors.push(err(SimSetting::MaxPoints, Some(usize::MAX), Problem::NotWhole)),
    }
    if let Err(e) = cfg.validate() {
        for e in e {
            if !errors.iter().any(|x| x.setting == e.setting && x.index == e.index) {
                errors.push(e);
            }
        }
    }
    if errors.is_empty() {
        Ok(cfg)
    } else {
        Err(errors)
    }
}

fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

#[derive(Clone, PartialEq)]
struct Run {
    result: SimResult,
    /// Set when the step budget cut the run short.
    stopped: Option<SimStop>,
    elapsed_ms: f64,
    deployments: usize,
    duration_s: f64,
    /// Counts the page's finished runs (1 for the first): the results say
    /// which run they show (`data-run`), as a new run keeps the last one's
    /// results on screen until it ends.
    seq: u64,
}

#[component]
pub fn SimSection() -> impl IntoView {
    let prefs = use_prefs();
    let lang = prefs.lang;
    let (st, checked) = use_quota();
    let ratio = move || checked.with(|c| c.plan.as_ref().map(|p| p.rpm_per_1k_tpm));
    let cfg = Memo::new(move |_| {
        let r = ratio()?;
        let input = checked.with(|c| c.input.clone());
        Some(prefs.catalog.with(|c| config(&st, &input, r, c)))
    });
    let error_list = Signal::derive(move || cfg.with(|c| c.as_ref().and_then(|r| r.as_ref().err().cloned()).unwrap_or_default()));
    let errors = move || error_list.get();
    let reason_of = move |setting: SimSetting, index: Option<usize>| sim_reason(error_list, setting, index);
    let capacity = Signal::derive(move || {
        cfg.with(|c| match c {
            Some(Ok(c)) => Some(c.capacity_rpm()),
            _ => None,
        })
    });
    let duration = Signal::derive(move || st.number("sdur").unwrap_or(0.0));
    let run = RwSignal::new(None::<Run>);
    // The run in the worker: ticks done of the total (None: idle).
    let running = RwSignal::new(None::<(u64, u64)>);
    let failed = RwSignal::new(None::<batchlane_core::protocol::WorkerFailure>);
    let cancelled = RwSignal::new(false);
    // The page's own worker: dropped (terminated) with the section.
    let pool = StoredValue::new_local(WorkerPool::with_url(WORKER_URL, 1));
    // The worker starts now, while the user sets up the run: a first run
    // then takes the simulation's time, not the worker's start as well.
    if let Err(e) = pool.with_value(|p| p.warm(1)) {
        web_sys::console::warn_1(&e.to_string().into());
    }
    let on_run = move |_| {
        // Settings are checked (core validation) before anything runs; the
        // worker checks them again and stops at the step budget.
        let Some(Ok(cfg)) = cfg.get_untracked() else { return };
        let start = now_ms();
        running.set(Some((0, 0)));
        failed.set(None);
        cancelled.set(false);
        let (deployments, duration_s) = (cfg.deployments.len(), cfg.duration_s);
        let request = Request::Simulate { config: cfg, budget: SimBudget::default() };
        let sent = pool.with_value(|p| {
            p.cancel();
            p.run(&request, &[], move |response, _| match response {
                Response::Progress { done, total, .. } => running.set(Some((done, total))),
                Response::Simulated { run: r } => {
                    running.set(None);
                    let elapsed_ms = now_ms() - start;
                    let seq = run.with_untracked(|last| last.as_ref().map_or(0, |l| l.seq)) + 1;
                    run.set(Some(Run { result: r.result, stopped: r.stopped, elapsed_ms, deployments, duration_s, seq }));
                }
                Response::Failed { failure } => {
                    running.set(None);
                    failed.set(Some(failure));
                }
                _ => {}
            })
        });
        if let Err(failure) = sent {
            running.set(None);
            failed.set(Some(failure));
        }
    };
    let on_cancel = move |_| {
        pool.with_value(WorkerPool::cancel);
        running.set(None);
        cancelled.set(true);
    };
    let n = move || count(&st).unwrap_or(1);
    let plan_tpm = move || checked.with(|c| c.input.allocated_tpm);
    let deployments = move || {
        let texts = tpm_texts(&st, n(), plan_tpm());
        let r = ratio().unwrap_or(0.0);
        texts
            .into_iter()
            .enumerate()
            .map(|(i, text)| {
                let id = format!("q-sdt-{i}");
                let reason = reason_of(SimSetting::DeploymentTpm, Some(i));
                let rpm = batchlane_core::io::parse_number(&text).map(|tpm| num(rpm_for_tpm(tpm, r))).unwrap_or_else(|| "—".into());
                view! {
                    <li class="field quota-field quota-dep">
                        <label for=id.clone()>{move || fill(t(lang.get(), "quota.sim.dep_tpm"), &[("i", &(i + 1).to_string())])}</label>
                        <input id=id.clone() type="text" inputmode="decimal" data-testid=id.clone() prop:value=text.clone()
                            aria-invalid=move || reason.with(|r| r.is_some()).to_string()
                            on:change=move |ev| {
                                let mut v = tpm_texts(&st, n(), plan_tpm());
                                v[i] = event_target_value(&ev);
                                st.set("sdt", v.join(";"));
                            }/>
                        <small class="muted">{format!("{rpm} RPM")}</small>
                        {move || reason.get().map(|r| view! { <span class="field-error" role="alert">{r.pick(lang.get()).to_string()}</span> })}
                    </li>
                }
            })
            .collect_view()
    };
    // `wide`: choices too long for one column of the settings grid.
    let select = move |key: &'static str, label: &'static str, options: &'static [(&'static str, &'static str)], wide: bool| {
        let id = format!("q-{key}");
        view! {
            <div class="field quota-field" class:quota-field--wide=wide>
                <label for=id.clone()>{tr(label)}</label>
                <select id=id.clone() data-testid=id on:change=move |ev| st.set(key, event_target_value(&ev))>
                    {options.iter().map(|(v, k)| { let label = tr(k); view! { <option value=*v selected=move || st.get(key) == *v>{move || fill(label(), &[("s", v)])}</option> } }).collect_view()}
                </select>
            </div>
        }
    };
    let other_errors = move || {
        errors()
            .into_iter()
            .filter(|e| {
                let inline = matches!(
                    e.setting,
                    SimSetting::Deployments
                        | SimSetting::DeploymentTpm
                        | SimSetting::Duration
                        | SimSetting::StepTime
                        | SimSetting::ArrivalRate
                        | SimSetting::MaxAttempts
                        | SimSetting::InitialBackoff
                        | SimSetting::MaxBackoff
                        | SimSetting::RetryAfterShare
                );
                !inline && e.index != Some(usize::MAX)
            })
            .map(|e| problem(&e.problem).pick(lang.get()).to_string())
            .collect::<Vec<_>>()
    };
    view! {
        <section class="quota-section" aria-labelledby="quota-sim-h" data-testid="quota-sim">
            <h2 id="quota-sim-h">{tr("quota.sim.title")}</h2>
            <p class="muted">{move || {
                let rate = checked.with(|c| num(c.input.peak_rpm));
                fill(t(lang.get(), "quota.sim.intro"), &[("rpm", &rate)])
            }}</p>
            <div class="quota-sim-settings">
                <NumField key="sn" label="quota.sim.deployments" reason=reason_of(SimSetting::Deployments, None)/>
                {select("sw", "quota.sim.window", &[("1", "quota.sim.w1"), ("10", "quota.sim.w10"), ("60", "quota.sim.w60")], false)}
                {select("sr", "quota.sim.routing", &[("aware", "quota.sim.r_aware"), ("rr", "quota.sim.r_rr")], true)}
                <NumField key="sdur" label="quota.sim.duration" reason=reason_of(SimSetting::Duration, None)/>
                <NumField key="sseed" label="quota.sim.seed" reason=reason_of(SimSetting::MaxPoints, Some(usize::MAX))/>
            </div>
            <ul class="quota-deps">{deployments}</ul>
            <h3 class="quota-sim-h3">{tr("quota.sim.arrivals_h")}</h3>
            <ArrivalsEditor errors=error_list capacity duration/>
            <h3 class="quota-sim-h3">{tr("quota.sim.retry_h")}</h3>
            <div class="quota-sim-settings">
                {select("sp", "quota.sim.retry", &[("ra", "quota.sim.p_ra"), ("exp", "quota.sim.p_exp"), ("imm", "quota.sim.p_imm")], true)}
                <RetryFields errors=error_list/>
            </div>
            <p>
                <button type="button" class="button button--primary" data-testid="sim-run"
                    disabled=move || !matches!(cfg.get(), Some(Ok(_))) || running.with(Option::is_some)
                    on:click=on_run>{tr("quota.sim.run")}</button>
                {move || ratio().is_none().then(|| view! { " " <span class="muted">{tr("quota.sim.fix")}</span> })}
            </p>
            {move || {
                let e = other_errors();
                (!e.is_empty()).then(|| view! { <ul class="field-error">{e.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul> })
            }}
            {move || running.get().map(|(done, total)| {
                let pct = if total > 0 { format!("{:.0}%", done as f64 * 100.0 / total as f64) } else { String::new() };
                view! {
                    <p class="muted" role="status" data-testid="sim-progress">
                        {move || fill(t(lang.get(), "quota.sim.running"), &[("pct", &pct)])} " "
                        <button type="button" class="button button--small" data-testid="sim-cancel" on:click=on_cancel>{tr("quota.sim.cancel")}</button>
                    </p>
                }
            })}
            {move || cancelled.get().then(|| view! { <p class="muted" role="status" data-testid="sim-cancelled">{tr("quota.sim.cancelled")}</p> })}
            {move || failed.get().map(|f| view! { <p class="field-error" role="alert" data-testid="sim-failed">{f.text().pick(lang.get()).to_string()}</p> })}
            {move || run.get().map(|r| view! { <SimResults run=r/> })}
        </section>
    }
}

fn ms(x: f64) -> String {
    if x >= 10_000.0 {
        format!("{} s", num(x / 1_000.0))
    } else {
        format!("{} ms", num(x))
    }
}

#[component]
fn SimResults(run: Run) -> impl IntoView {
    let prefs = use_prefs();
    let lang = prefs.lang;
    let r = run.result;
    let stats: Vec<(&'static str, &'static str, String)> = vec![
        ("quota.sim.success", "sim-success", pct(r.success_rate)),
        ("quota.sim.r429", "sim-429", num(r.rejections_429 as f64)),
        ("quota.sim.retries", "sim-retries", num(r.retries as f64)),
        ("quota.sim.wasted", "sim-wasted", num(r.wasted_admission_tokens)),
        ("quota.sim.p50", "sim-p50", ms(r.latency_p50_ms)),
        ("quota.sim.p95", "sim-p95", ms(r.latency_p95_ms)),
        ("quota.sim.p99", "sim-p99", ms(r.latency_p99_ms)),
        ("quota.sim.tput", "sim-tput", format!("{} RPM · {} TPM", num(r.throughput_rpm), num(r.throughput_tpm))),
    ];
    let [arrived, succeeded, failed, waiting] = [r.arrived, r.succeeded, r.failed, r.unfinished].map(|n| num(n as f64));
    let summary = Text::new(
        format!("{arrived} arrived, {succeeded} succeeded, {failed} gave up, {waiting} still waiting at the end."),
        format!("도착 {arrived}건 중 {succeeded}건 성공, {failed}건 포기, 종료 시점에 {waiting}건 대기 중입니다."),
    );
    let xs: Vec<f64> = r.series.iter().map(|p| p.t_s).collect();
    let admitted: Vec<f64> = r.series.iter().map(|p| f64::from(p.admitted)).collect();
    let rejected: Vec<f64> = r.series.iter().map(|p| f64::from(p.rejected)).collect();
    let in_retry: Vec<f64> = r.series.iter().map(|p| f64::from(p.in_retry)).collect();
    let bucket = r.bucket_s;
    let elapsed = run.elapsed_ms;
    let stopped = run.stopped.map(|stop| {
        view! {
            <p class="note note--warn" data-testid="sim-stopped">
                {move || fill(t(lang.get(), "quota.sim.stopped"), &[
                    ("steps", &num(stop.steps as f64)), ("done", &num(stop.simulated_s)), ("s", &num(run.duration_s)),
                ])}
            </p>
        }
    });
    view! {
        <div class="quota-sim-results" data-testid="sim-results" data-run=run.seq aria-live="polite">
            <p class="muted" data-testid="sim-elapsed" data-ms=format!("{elapsed:.1}")>
                {move || fill(&tn(lang.get(), "quota.sim.elapsed", run.deployments as u64), &[
                    ("ms", &num(elapsed)), ("s", &num(run.duration_s)),
                ])}
            </p>
            {stopped}
            <dl class="quota-figures">
                {stats.into_iter().map(|(k, id, v)| view! { <div><dt>{tr(k)}</dt><dd data-testid=id>{v}</dd></div> }).collect_view()}
            </dl>
            <p>{move || summary.pick(lang.get()).to_string()}</p>
            {move || {
                let l = lang.get();
                view! {
                    <LineChart
                        title=t(l, "quota.sim.chart_title").to_string()
                        x_label=t(l, "quota.sim.chart_x").to_string()
                        y_label=fill(t(l, "quota.sim.chart_y"), &[("s", &num(bucket))])
                        xs=xs.clone()
                        series=vec![
                            Series { name: t(l, "quota.sim.s_admitted").to_string(), class: "s1", ys: admitted.clone() },
                            Series { name: t(l, "quota.sim.s_rejected").to_string(), class: "s4", ys: rejected.clone() },
                            Series { name: t(l, "quota.sim.s_retry").to_string(), class: "s3", ys: in_retry.clone() },
                        ]
                        marker=None
                        testid="sim-chart"
                    />
                }
            }}
        </div>
    }
}
