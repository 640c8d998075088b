//! The planner's answers: the binding limit up front, the key figures, the
//! arithmetic in words, the four ways ranked, and the KEDA hand-off.

use super::use_quota;
use crate::components::unconfirmed::{UnconfirmedBadge, UnconfirmedIds};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::facts::Kind;
use batchlane_core::quota::share::{cap_by_rpm, keda_handoff, replicas_quota_can_feed};
use batchlane_core::quota::{num, pct, step_text, way_text, Binding, Field, Level, Plan, RatioSource, Step, Timing};
use leptos::prelude::*;

pub fn field_key(f: Field) -> &'static str {
    match f {
        Field::Model => "quota.f.model",
        Field::Deployment => "quota.f.deployment",
        Field::AllocatedTpm => "quota.f.tpm",
        Field::AllocatedPtu => "quota.f.ptu",
        Field::RpmPer1kTpm => "quota.f.ratio",
        Field::PeakRpm => "quota.f.peak",
        Field::AverageRpm => "quota.f.avg",
        Field::PromptTokens => "quota.f.prompt",
        Field::CachedPromptTokens => "quota.f.cached",
        Field::OutputTokens => "quota.f.output",
        Field::MaxTokens => "quota.f.max_tokens",
        Field::N => "quota.f.n",
        Field::BurstFactor => "quota.f.burst",
        Field::BatchableShare => "quota.f.batchable",
        Field::Tier => "quota.f.tier",
        Field::Region => "quota.f.region",
    }
}

/// Which heading a step goes under.
fn group(step: &Step) -> usize {
    match step {
        Step::RpmFromTpm { .. } => 0,
        Step::BilledPerRequest { .. } | Step::AdmissionPerRequest { .. } | Step::TokensPerMinute { .. } | Step::QuotaLost { .. } => 1,
        Step::TpmHeadroom { .. } | Step::RpmHeadroom { .. } | Step::Binds { .. } | Step::PtuUtilization { .. } => 2,
        Step::ShortWindow { .. } | Step::EnforcedWindow { .. } => 3,
        Step::TpmToRequest { .. } => 4,
    }
}

const GROUPS: [&str; 5] = ["quota.g.rpm", "quota.g.tokens", "quota.g.binding", "quota.g.windows", "quota.g.request"];

fn binding_code(b: Binding) -> &'static str {
    match b {
        Binding::Tpm => "tpm",
        Binding::Rpm => "rpm",
        Binding::Both => "both",
        Binding::Neither => "neither",
    }
}

#[component]
pub fn PlanResults() -> impl IntoView {
    let (_, checked) = use_quota();
    view! {
        {move || {
            let c = checked.get();
            match c.plan {
                Some(plan) => view! { <PlanView plan=plan/> }.into_any(),
                None => view! { <Problems errors=c.errors/> }.into_any(),
            }
        }}
    }
}

#[component]
fn Problems(errors: Vec<batchlane_core::quota::FieldError>) -> impl IntoView {
    let prefs = use_prefs();
    view! {
        <div class="note note--warn quota-problems" data-testid="quota-problems" role="status">
            <p><strong>{tr("quota.problems")}</strong></p>
            <ul>
                {errors.into_iter().map(|e| {
                    let lang = prefs.lang;
                    let r = e.reason();
                    view! { <li>{move || format!("{}: {}", t(lang.get(), field_key(e.field)), r.pick(lang.get()))}</li> }
                }).collect_view()}
            </ul>
        </div>
    }
}

#[component]
fn PlanView(plan: Plan) -> impl IntoView {
    let prefs = use_prefs();
    let lang = prefs.lang;
    let words = move |s: &Step| step_text(s).pick(lang.get()).to_string();
    let vcode = plan.verdict.code();
    let verdict = plan.verdict.text();
    let binding_card = match (&plan.limits, plan.ptu_utilization) {
        (Some(l), _) => {
            let code = binding_code(l.binding);
            let head = match l.binding {
                Binding::Tpm => "quota.bind.tpm",
                Binding::Rpm => "quota.bind.rpm",
                Binding::Both => "quota.bind.both",
                Binding::Neither if plan.verdict.level == Level::Short => "quota.bind.window",
                Binding::Neither if plan.verdict.level == Level::Tight => "quota.bind.tight",
                Binding::Neither => "quota.bind.neither",
            };
            let l = *l;
            let meter = move |label: &'static str, needed: f64, allowed: f64, binds: bool| {
                let fill = if allowed > 0.0 { (needed / allowed).min(1.0) * 100.0 } else { 100.0 };
                let over = needed > allowed;
                let class = format!(
                    "quota-meter{}{}",
                    if over { " quota-meter--over" } else { "" },
                    if binds { " quota-meter--binds" } else { "" }
                );
                view! {
                    <div class=class>
                        <div class="quota-meter__label">
                            <strong>{tr(label)}</strong>
                            <span>{move || format!("{} / {} · {}×", num(needed), num(allowed), num(allowed / needed))}</span>
                        </div>
                        <div class="quota-meter__track" aria-hidden="true">
                            <div class="quota-meter__fill" style:width=format!("{fill:.1}%")></div>
                        </div>
                    </div>
                }
            };
            let tpm_binds = matches!(l.binding, Binding::Tpm | Binding::Both);
            let rpm_binds = matches!(l.binding, Binding::Rpm | Binding::Both);
            view! {
                <div class=format!("quota-binding quota-binding--{code} quota-binding--{vcode}") data-testid="binding-limit" data-binding=code data-verdict=vcode role="status">
                    <p class="quota-binding__kicker">{tr("quota.bind.kicker")}</p>
                    <p class="quota-binding__head">{tr(head)}</p>
                    {meter("quota.bind.tpm_meter", l.tpm_needed, l.tpm_allowed, tpm_binds)}
                    {meter("quota.bind.rpm_meter", l.rpm_needed, l.rpm_allowed, rpm_binds)}
                    <p class="quota-binding__why">{
                        let s = Step::Binds { binding: l.binding };
                        move || words(&s)
                    }</p>
                    <p class="quota-binding__verdict" data-testid="quota-verdict">{move || verdict.pick(lang.get()).to_string()}</p>
                </div>
            }
            .into_any()
        }
        (None, Some(u)) => {
            let code = if plan.short { "tpm" } else { "neither" };
            let none = plan.capacity_tpm <= 0.0;
            view! {
                <div class=format!("quota-binding quota-binding--{code} quota-binding--{vcode}") data-testid="binding-limit" data-binding=code data-verdict=vcode role="status">
                    <p class="quota-binding__kicker">{tr("quota.bind.kicker_ptu")}</p>
                    <p class="quota-binding__head">{move || if none {
                        t(lang.get(), "quota.bind.ptu_none").to_string()
                    } else {
                        format!("{} {}", t(lang.get(), "quota.bind.ptu_util"), pct(u))
                    }}</p>
                    <p class="quota-binding__verdict" data-testid="quota-verdict">{move || verdict.pick(lang.get()).to_string()}</p>
                </div>
            }
            .into_any()
        }
        _ => ().into_any(),
    };
    let rpm_allowed = plan.limits.map(|l| l.rpm_allowed);
    // The facts behind the RPM: the tier row's, or the model's ratio.
    let rpm_facts: Vec<String> = match plan.ratio_source {
        RatioSource::TierTable => plan.tier.as_ref().map(|l| l.sources.iter().map(|s| s.fact.clone()).collect()).unwrap_or_default(),
        RatioSource::ModelFact => vec![format!("{}.{}", Kind::RpmPer1kTpm, plan.model)],
        _ => Vec::new(),
    };
    let figures: Vec<(&'static str, &'static str, String, Vec<String>)> = [
        rpm_allowed.map(|r| ("quota.fig.rpm", "q-out-rpm", num(r), rpm_facts)),
        Some(("quota.fig.billed", "q-out-billed", num(plan.billed_tpm), Vec::new())),
        Some(("quota.fig.admission", "q-out-admission", num(plan.admission_tpm), Vec::new())),
        Some(("quota.fig.lost", "q-out-lost", num(plan.quota_lost_tpm), Vec::new())),
        (!plan.deployment.is_provisioned()).then(|| ("quota.fig.request", "q-out-request", num(plan.tpm_to_request), Vec::new())),
    ]
    .into_iter()
    .flatten()
    .collect();
    let steps = plan.steps.clone();
    let groups = GROUPS
        .iter()
        .enumerate()
        .filter_map(|(i, key)| {
            let mine: Vec<Step> = steps.iter().filter(|s| group(s) == i).cloned().collect();
            (!mine.is_empty()).then(|| {
                view! {
                    <section class="quota-steps">
                        <h3>{tr(key)}</h3>
                        <ul>
                            {mine.into_iter().map(|s| {
                                let class = match &s {
                                    Step::ShortWindow { ok: false, .. } => "quota-step quota-step--bad",
                                    Step::ShortWindow { ok: true, .. } => "quota-step quota-step--ok",
                                    _ => "quota-step",
                                };
                                view! { <li class=class>{move || words(&s)}</li> }
                            }).collect_view()}
                        </ul>
                    </section>
                }
            })
        })
        .collect_view();
    let ways = plan.ways.clone();
    view! {
        <div class="quota-results" data-testid="quota-results" aria-live="polite">
            {binding_card}
            <TierCard plan=plan.clone()/>
            <dl class="quota-figures">
                {figures.into_iter().map(|(label, id, value, ids)| view! {
                    <div><dt>{tr(label)}<UnconfirmedIds ids=ids/></dt><dd data-testid=id>{value}</dd></div>
                }).collect_view()}
            </dl>
            <h2>{tr("quota.arith")}</h2>
            {groups}
            {(!ways.is_empty()).then(|| view! {
                <h2>{tr("quota.ways")}</h2>
                <ol class="quota-ways" data-testid="quota-ways">
                    {ways.into_iter().map(|w| {
                        let badge = match w.timing {
                            Timing::Now => "badge badge--ok",
                            Timing::NeedsCapacity => "badge badge--warn",
                            Timing::NeedsApproval => "badge badge--error",
                        };
                        let tk = match w.timing {
                            Timing::Now => "quota.way.now",
                            Timing::NeedsCapacity => "quota.way.capacity",
                            Timing::NeedsApproval => "quota.way.approval",
                        };
                        // The list numbers the ways and the badge names the timing:
                        // drop the text's own "#1 (now) " prefix.
                        let text = way_text(&w);
                        let body = |s: &str| s.split_once(") ").map_or(s.to_string(), |(_, b)| b.to_string());
                        let text = batchlane_core::text::Text::new(body(&text.en), body(&text.ko));
                        view! {
                            <li class="quota-way">
                                <span class=badge>{tr(tk)}</span>
                                {w.covers.then(|| view! { " " <span class="badge">{tr("quota.way.covers")}</span> })}
                                <p>{move || text.pick(lang.get()).to_string()}</p>
                            </li>
                        }
                    }).collect_view()}
                </ol>
            })}
            <KedaHandoff plan=plan.clone()/>
        </div>
    }
}

/// The chosen quota tier's row, its window (a burst limit when shorter
/// than a minute) and what the next tier would give.
#[component]
fn TierCard(plan: Plan) -> impl IntoView {
    let prefs = use_prefs();
    let lang = move || prefs.lang.get();
    if plan.deployment.is_provisioned() || plan.tier.is_none() && plan.next_tier.is_none() && plan.rpm_window_seconds >= 60.0 {
        return ().into_any();
    }
    let row = |key: &'static str, l: &batchlane_core::facts::TierLimit| {
        let (tier, rpm, window) = (l.tier.code().to_string(), num(l.rpm), num(l.window_seconds));
        let tpm = l.tpm.map(num);
        move || {
            let tpm = tpm.clone().unwrap_or_else(|| t(lang(), "quota.tier.no_tpm").to_string());
            fill(t(lang(), key), &[("tier", &tier), ("rpm", &rpm), ("window", &window), ("tpm", &tpm)])
        }
    };
    let now = plan.tier.as_ref().map(|l| row("quota.tier.row", l));
    let next = plan.next_tier.as_ref().map(|l| row("quota.tier.next", l));
    let has_tier = plan.tier.is_some();
    // OpenAI's batch queue limit at the usage tier of the same number, where
    // the model page states one (OpenAI's tiers are a scale of their own).
    let queue = plan.tier.as_ref().and_then(|l| l.tier.number()).and_then(|n| {
        let subject = batchlane_core::facts::openai_queue_subject(&plan.model, n);
        let fact = batchlane_core::facts::builtin(Kind::OpenaiBatchQueueTokens, &subject)?;
        let tokens = prefs.catalog.with_untracked(|c| c.get(Kind::OpenaiBatchQueueTokens, &subject)).map(num)?;
        let (model, tier) = (plan.model.clone(), n.to_string());
        let text = move || fill(t(lang(), "quota.tier.openai_queue"), &[("tier", &tier), ("model", &model), ("tokens", &tokens)]);
        let src = fact.source.source();
        Some(view! {
            <p data-testid="quota-openai-queue">{text}" "
                <a class="muted" href=src.url rel="noreferrer noopener" target="_blank">{src.title}</a>
                <span class="muted">{format!(" · {}", fact.as_of)}</span>
                <UnconfirmedBadge kind=Kind::OpenaiBatchQueueTokens subject=subject/>
            </p>
        })
    });
    let burst = (plan.rpm_window_seconds < 60.0).then(|| {
        let window = num(plan.rpm_window_seconds);
        let per_minute = plan.limits.map(|l| num(l.rpm_allowed)).unwrap_or_default();
        move || fill(t(lang(), "quota.tier.burst"), &[("window", &window), ("per_minute", &per_minute)])
    });
    view! {
        <section class="quota-tier" data-testid="quota-tier" aria-labelledby="quota-tier-h">
            <h2 id="quota-tier-h">{tr("quota.tier.title")}</h2>
            {match now {
                Some(f) => view! { <p data-testid="quota-tier-row">{f}</p> }.into_any(),
                None if has_tier => view! { <p class="muted">{tr("quota.tier.none")}</p> }.into_any(),
                None => ().into_any(),
            }}
            {burst.map(|f| view! { <p data-testid="quota-tier-burst"><span class="badge badge--warn">{f}</span></p> })}
            {match next {
                Some(f) => view! { <p data-testid="quota-tier-next">{f}</p> }.into_any(),
                None if has_tier => view! { <p class="muted">{tr("quota.tier.top")}</p> }.into_any(),
                None => ().into_any(),
            }}
            {queue}
        </section>
    }
    .into_any()
}

#[component]
fn KedaHandoff(plan: Plan) -> impl IntoView {
    let prefs = use_prefs();
    let (st, _) = use_quota();
    // Provisioned plans size from their PTUs' input-equivalent TPM and the
    // PTU-weighted tokens of a request; Standard ones from the TPM.
    let (tpm, per_request) = (plan.capacity_tpm, plan.counted_per_request);
    let feed = move || {
        let per_min = st.number("kr").unwrap_or(f64::NAN);
        let conc = st.number("kc").filter(|c| *c >= 1.0 && c.fract() == 0.0 && *c <= 1e6).map_or(0, |c| c as u32);
        // The RPM that comes with the deployment (the tier tables' ratio for the
        // model and deployment type) caps the replicas as the TPM does.
        let rpm = plan.limits.map(|l| l.rpm_allowed);
        replicas_quota_can_feed(tpm, per_request, per_min, conc).map(|f| cap_by_rpm(f, rpm, per_min))
    };
    let reason = move |i: usize| {
        Signal::derive(move || feed().err().and_then(|e| e.into_iter().find(|(j, _)| *j == i)).map(|(_, p)| super::state::problem(&p)))
    };
    let href = move || {
        feed().ok().map(|f| {
            let q = batchlane_core::io::query_string(&keda_handoff(&f));
            format!("/snippets?{q}")
        })
    };
    let lang = move || prefs.lang.get();
    view! {
        <section class="quota-keda" aria-labelledby="quota-keda-h">
            <h2 id="quota-keda-h">{tr("quota.keda.title")}</h2>
            <div class="quota-grid2">
                <super::field::NumField key="kr" label="quota.keda.per_min" reason=reason(2)/>
                <super::field::NumField key="kc" label="quota.keda.concurrency" reason=reason(3)/>
            </div>
            {move || match feed() {
                Ok(f) => {
                    let text = f.explanation.pick(lang()).to_string();
                    view! {
                        <p class="quota-step">{text}</p>
                        <p>
                            <a class="button button--primary" data-testid="quota-keda-link" href=href().unwrap_or_default()>
                                {tr("quota.keda.link")}
                            </a>
                        </p>
                    }.into_any()
                }
                Err(_) => view! { <p class="muted">{tr("quota.keda.fix")}</p> }.into_any(),
            }}
        </section>
    }
}
