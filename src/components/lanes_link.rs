//! The hand-off to /lanes from the pages that know a model (/quota, /cost,
//! /traffic): a link that opens the lane chooser on that model.

use crate::prefs::tr;
use leptos::prelude::*;
use leptos_router::components::A;

/// `/lanes?m=MODEL` (the query encoded by the core's query writer).
pub fn lanes_href(model: &str) -> String {
    let model = model.trim();
    if model.is_empty() {
        "/lanes".to_string()
    } else {
        format!("/lanes?{}", batchlane_core::io::query_string(&[("m".to_string(), model.to_string())]))
    }
}

#[component]
pub fn LanesLink(#[prop(into)] model: Signal<String>, testid: &'static str) -> impl IntoView {
    view! {
        <p class="lanes-handoff">
            <A href=move || lanes_href(&model.get()) attr:data-testid=testid>{tr("lanes.handoff")}</A>
        </p>
    }
}
