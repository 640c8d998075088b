//! The triage: the findings grouped by symptom (throttling, latency,
//! quality, in that order), each with what to do and a link to act: an
//! in-app path navigates, an anchor of this page scrolls.

use crate::i18n::t;
use crate::prefs::{tr, use_prefs};
use batchlane_core::traffic::{Finding, Symptom, TrafficReport};
use leptos::prelude::*;
use leptos_router::components::A;
use std::sync::Arc;

fn scroll_to(id: &str) {
    if let Some(el) = document().get_element_by_id(id) {
        el.scroll_into_view();
    }
}

#[component]
pub fn TriagePanel(report: Arc<TrafficReport>) -> impl IntoView {
    let prefs = use_prefs();
    let empty = report.triage.is_empty();
    let groups = move || {
        let lang = prefs.lang.get();
        [
            (Symptom::Throttling, "traffic.triage.throttling"),
            (Symptom::Latency, "traffic.triage.latency"),
            (Symptom::Quality, "traffic.triage.quality"),
        ]
        .into_iter()
        .filter_map(|(s, key)| {
            let items: Vec<&Finding> = report.triage.iter().filter(|f| f.symptom == s).collect();
            (!items.is_empty()).then(|| {
                let list = items.into_iter().map(|f| finding(f, prefs.lang)).collect_view();
                view! {
                    <div class="traffic-triage__group" data-symptom=s.code()>
                        <h3>{t(lang, key)}</h3>
                        <ol>{list}</ol>
                    </div>
                }
            })
        })
        .collect_view()
    };
    view! {
        <section class="traffic-panel traffic-triage" aria-labelledby="traffic-triage-title" data-testid="traffic-triage">
            <h2 id="traffic-triage-title">{tr("traffic.triage.title")}</h2>
            {empty.then(|| view! { <p class="muted">{tr("traffic.triage.none")}</p> })}
            {groups}
        </section>
    }
}

fn finding(f: &Finding, lang: RwSignal<crate::i18n::Lang>) -> impl IntoView {
    let l = lang.get_untracked();
    let link = f.link.clone().map(|href| {
        if let Some(id) = href.strip_prefix('#') {
            let id = id.to_string();
            view! {
                <a href=href.clone() class="traffic-act" on:click=move |ev| {
                    ev.prevent_default();
                    scroll_to(&id);
                }>{t(l, "traffic.triage.act")}</a>
            }
            .into_any()
        } else {
            view! { <A href=href attr:class="traffic-act">{t(l, "traffic.triage.act")}</A> }.into_any()
        }
    });
    view! {
        <li class="traffic-finding" data-testid="traffic-finding">
            <p class="traffic-finding__what">{f.finding.pick(l).to_string()}</p>
            <p class="traffic-finding__do"><strong>{t(l, "traffic.triage.do")}</strong>" "{f.action.pick(l).to_string()}" "{link}</p>
        </li>
    }
}
