//! The question: model, dialect, region and data zone, tokens a day and
//! the prompt share, deadline hours or a latency need.

use super::{get, set};
use crate::components::check_field::CheckField;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::components::num_field::NumField;
use crate::prefs::tr;
use crate::state::UrlState;
use leptos::prelude::*;

const DIALECTS: &[Choice<&str>] = &[("azure", "azure", "lanes.dialect.azure"), ("openai", "openai", "lanes.dialect.openai")];

#[component]
fn TextInput(label: &'static str, key: &'static str, testid: &'static str, #[prop(optional)] list: Option<&'static str>) -> impl IntoView {
    let url = expect_context::<UrlState>();
    let id = crate::components::num_field::next_id("lanes");
    view! {
        <div class="field">
            <label for=id.clone()>{tr(label)}</label>
            <input id=id type="text" autocomplete="off" spellcheck="false" data-testid=testid list=list
                prop:value=move || get(url, key)
                on:input=move |ev| set(url, key, &event_target_value(&ev))/>
        </div>
    }
}

#[component]
pub fn FormPanel() -> impl IntoView {
    let url = expect_context::<UrlState>();
    let num = move |key: &'static str| {
        Signal::derive(move || {
            let v = get(url, key);
            if v == "none" {
                String::new()
            } else {
                v
            }
        })
    };
    let on = move |key: &'static str| Callback::new(move |v: String| set(url, key, if v.trim().is_empty() { "none" } else { v.as_str() }));
    let models = batchlane_core::facts::MODELS.iter().map(|m| view! { <option value=m.name></option> }).collect_view();
    let regions = batchlane_core::facts::GLOBAL_BATCH_REGIONS.iter().map(|r| view! { <option value=*r></option> }).collect_view();
    view! {
        <section class="lanes-panel lanes-form" aria-labelledby="lanes-form-title">
            <h2 id="lanes-form-title">{tr("lanes.form.title")}</h2>
            <div class="form-grid">
                <TextInput label="lanes.form.model" key="m" testid="lanes-model" list="lanes-models"/>
                <datalist id="lanes-models">{models}</datalist>
                <EnumSelect label="lanes.form.dialect" choices=DIALECTS testid="lanes-dialect"
                    value=Signal::derive(move || if get(url, "d") == "openai" { "openai" } else { "azure" })
                    on_set=Callback::new(move |v: &'static str| set(url, "d", v))/>
                <TextInput label="lanes.form.region" key="r" testid="lanes-region" list="lanes-regions"/>
                <datalist id="lanes-regions">{regions}</datalist>
                <CheckField label="lanes.form.data_zone" testid="lanes-data-zone"
                    value=Signal::derive(move || matches!(get(url, "dz").as_str(), "1" | "true"))
                    on_set=Callback::new(move |b: bool| set(url, "dz", if b { "1" } else { "0" }))/>
                <NumField label="lanes.form.tokens" value=num("tpd") on_input=on("tpd") testid="lanes-tokens" integer=true/>
                <NumField label="lanes.form.prompt_share" value=num("ps") on_input=on("ps") testid="lanes-prompt-share" hint="lanes.form.prompt_share.hint"/>
                <NumField label="lanes.form.deadline" value=num("dl") on_input=on("dl") testid="lanes-deadline" hint="lanes.form.deadline.hint"/>
                <NumField label="lanes.form.latency" value=num("tps") on_input=on("tps") testid="lanes-latency" hint="lanes.form.latency.hint"/>
            </div>
        </section>
    }
}
