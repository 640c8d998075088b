//! The path advisor: who is waiting, how often work is cancelled, volume and
//! latency tolerance → the path, the reasons, and the generators to open.

use super::fields::{bind_f64, reason_for, NumField};
use super::state::{go_to, use_snip, Tab, Unit};
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::t;
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{advise, Cancellation, Generator, PathKind, Waiting};
use leptos::prelude::*;

const WAITING: [(Waiting, &str, &str); 3] = [
    (Waiting::Person, "person", "snippets.adv.waiting.person"),
    (Waiting::NobodyMinutes, "minutes", "snippets.adv.waiting.minutes"),
    (Waiting::NobodyHours, "hours", "snippets.adv.waiting.hours"),
];

const CANCELLATIONS: &[Choice<Cancellation>] = &[
    (Cancellation::Rarely, "rarely", "snippets.adv.cancel.rarely"),
    (Cancellation::Sometimes, "sometimes", "snippets.adv.cancel.sometimes"),
    (Cancellation::MoreOftenThanFinished, "often", "snippets.adv.cancel.often"),
];

const UNITS: &[Choice<Unit>] = &[
    (Unit::Seconds, "s", "snippets.unit.seconds"),
    (Unit::Minutes, "m", "snippets.unit.minutes"),
    (Unit::Hours, "h", "snippets.unit.hours"),
];

fn generator(g: Generator) -> (Tab, &'static str) {
    match g {
        Generator::ApimPolicy => (Tab::Apim, "snippets.adv.open.apim"),
        Generator::KedaScaler => (Tab::Keda, "snippets.adv.open.keda"),
        Generator::Worker => (Tab::Worker, "snippets.adv.open.worker"),
        Generator::MessageChecker => (Tab::Message, "snippets.adv.open.message"),
        Generator::BatchSubmit => (Tab::Batch, "snippets.adv.open.batch"),
        Generator::ControlPlane => (Tab::Control, "snippets.adv.open.control"),
    }
}

#[component]
pub fn AdvisorPanel() -> impl IntoView {
    let prefs = use_prefs();
    let snip = use_snip();
    let st = snip.advisor;
    let result = Memo::new(move |_| {
        let input = st.with(|s| s.to_input());
        prefs.catalog.with(|c| advise(&input, c))
    });
    let err = move |field: &'static str| {
        Signal::derive(move || result.with(|r| r.as_ref().err().and_then(|e| reason_for(e, field, prefs.lang.get()))))
    };
    let (per_day, set_per_day) = bind_f64(st, |s| s.requests_per_day, |s, v| s.requests_per_day = v);
    let (tol, set_tol) = bind_f64(st, |s| s.tolerance, |s, v| s.tolerance = v);
    let cancellation = Signal::derive(move || st.with(|s| s.cancellation));
    let set_cancellation = Callback::new(move |c| st.update(|s| s.cancellation = c));
    let unit = Signal::derive(move || st.with(|s| s.unit));
    let set_unit = Callback::new(move |u| st.update(|s| s.unit = u));
    view! {
        <h2>{tr("snippets.adv.title")}</h2>
        <p class="muted">{tr("snippets.adv.intro")}</p>
        <div class="snip-two">
            <form class="snip-card snip-form" on:submit=|ev| ev.prevent_default()>
                <fieldset class="snip-radios">
                    <legend>{tr("snippets.adv.waiting")}</legend>
                    {WAITING
                        .into_iter()
                        .map(|(w, id, key)| view! {
                            <label class="check">
                                <input
                                    type="radio"
                                    name="snip-waiting"
                                    value=id
                                    data-testid=format!("snip-adv-waiting-{id}")
                                    prop:checked=move || st.with(|s| s.waiting == w)
                                    on:change=move |_| st.update(|s| s.waiting = w)
                                />
                                <span>{tr(key)}</span>
                            </label>
                        })
                        .collect_view()}
                </fieldset>
                <EnumSelect label="snippets.adv.cancel" choices=CANCELLATIONS value=cancellation on_set=set_cancellation testid="snip-adv-cancel"/>
                <NumField label="snippets.adv.per_day" value=per_day on_set=set_per_day error=err("requests_per_day") testid="snip-adv-per-day"/>
                <div class="snip-row">
                    <NumField label="snippets.adv.tolerance" value=tol on_set=set_tol error=err("latency_tolerance_seconds") testid="snip-adv-tolerance"/>
                    <EnumSelect label="snippets.adv.unit" choices=UNITS value=unit on_set=set_unit testid="snip-adv-unit"/>
                </div>
            </form>
            <div class="snip-card snip-advice" data-testid="snip-advice" aria-live="polite">
                {move || {
                    let lang = prefs.lang.get();
                    result.get().ok().map(|a| {
                        let (title, summary) = match a.path {
                            PathKind::SynchronousGateway => ("snippets.adv.path.sync", "snippets.adv.path.sync.desc"),
                            PathKind::QueueKedaWorkers => ("snippets.adv.path.queue", "snippets.adv.path.queue.desc"),
                            PathKind::GlobalBatchControlPlane => ("snippets.adv.path.batch", "snippets.adv.path.batch.desc"),
                        };
                        view! {
                            <p class="snip-advice__kicker">{tr("snippets.adv.path")}</p>
                            <h3 data-testid="snip-advice-path">{t(lang, title)}</h3>
                            <p>{t(lang, summary)}</p>
                            <h4>{tr("snippets.adv.reasons")}</h4>
                            <ul>{a.reasons.iter().map(|r| view! { <li>{r.pick(lang).to_string()}</li> }).collect_view()}</ul>
                            {(!a.cautions.is_empty()).then(|| view! {
                                <h4>{tr("snippets.adv.cautions")}</h4>
                                <ul class="snip-cautions">{a.cautions.iter().map(|r| view! { <li>{r.pick(lang).to_string()}</li> }).collect_view()}</ul>
                            })}
                            <div class="snip-actions">
                                {a.generators.iter().enumerate().map(|(i, g)| {
                                    let (tab, key) = generator(*g);
                                    view! {
                                        <button type="button" class="button" class:button--primary=i == 0
                                            data-testid=format!("snip-adv-open-{}", tab.id()) on:click=move |_| go_to(snip, tab)>
                                            {t(lang, key)}" →"
                                        </button>
                                    }
                                }).collect_view()}
                            </div>
                        }
                    })
                }}
            </div>
        </div>
    }
}
