//! The generated command that sets `spilloverDeploymentName` on the PTU
//! deployment (`traffic::SpilloverTarget`, in core), with the names to
//! fill in. The fields live in the page's state, so a re-run keeps them.

use super::state::State;
use crate::components::copy_button::CopyButton;
use crate::components::num_field::next_id;
use crate::prefs::tr;
use batchlane_core::traffic::{standard_type, PtuPlan, SpilloverTarget, TrafficReport};
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn SpilloverSnippet(plan: PtuPlan, report: Arc<TrafficReport>) -> impl IntoView {
    let state = expect_context::<State>();
    let scope_code = format!("{:?}", plan.scope);
    let key = format!("{}:{scope_code}", plan.model);
    let ours: Vec<_> = report.deployments.iter().filter(|d| plan.deployments.contains(&d.name)).collect();
    let standard = ours
        .iter()
        .find(|d| d.deployment_type == standard_type(plan.scope))
        .or_else(|| ours.iter().find(|d| !d.is_provisioned()))
        .map(|d| d.name.clone())
        .unwrap_or_else(|| plan.deployments.first().cloned().unwrap_or_default());
    let version = ours.iter().flat_map(|d| d.model_versions.iter()).max_by_key(|v| v.to).map(|v| v.version.clone()).unwrap_or_default();
    let mut defaults = SpilloverTarget::for_plan(&plan, &standard, &version);
    if let Some(p) = ours.iter().find(|d| d.is_provisioned()) {
        defaults.ptu_deployment = p.name.clone();
    }
    let defaults = StoredValue::new(defaults);
    let keys = StoredValue::new((format!("ptu:{key}"), format!("std:{key}"), format!("ver:{key}")));
    let target = move || {
        let mut t = defaults.get_value();
        let get = |k: &str, d: &mut String| {
            if let Some(v) = state.snippet_field(k) {
                *d = v;
            }
        };
        get("sub", &mut t.subscription);
        get("rg", &mut t.resource_group);
        get("acct", &mut t.account);
        keys.with_value(|(p, s, v)| {
            get(p, &mut t.ptu_deployment);
            get(s, &mut t.standard_deployment);
            get(v, &mut t.model_version);
        });
        t
    };
    let field = move |label: &'static str, k: String, current: fn(&SpilloverTarget) -> String, testid: &'static str| {
        let id = next_id("traffic-snip");
        let k2 = k.clone();
        view! {
            <div class="field">
                <label for=id.clone()>{tr(label)}</label>
                <input id=id type="text" autocomplete="off" spellcheck="false" data-testid=testid
                    prop:value=move || current(&target())
                    on:input=move |ev| state.set_snippet_field(&k2, event_target_value(&ev))/>
            </div>
        }
    };
    let (pk, sk, vk) = keys.get_value();
    let code = move || target().az_rest();
    view! {
        <div class="traffic-snippet" data-testid="traffic-snippet">
            <div class="traffic-snippet__fields">
                {field("traffic.snip.subscription", "sub".into(), |t| t.subscription.clone(), "traffic-snip-sub")}
                {field("traffic.snip.group", "rg".into(), |t| t.resource_group.clone(), "traffic-snip-rg")}
                {field("traffic.snip.account", "acct".into(), |t| t.account.clone(), "traffic-snip-account")}
                {field("traffic.snip.ptu", pk, |t| t.ptu_deployment.clone(), "traffic-snip-ptu")}
                {field("traffic.snip.standard", sk, |t| t.standard_deployment.clone(), "traffic-snip-standard")}
                {field("traffic.snip.version", vk, |t| t.model_version.clone(), "traffic-snip-version")}
            </div>
            <pre class="code traffic-snippet__code" tabindex="0" aria-label=tr("traffic.snip.code_label") data-testid="traffic-snippet-code"><code>{code}</code></pre>
            <CopyButton text=code testid="traffic-snippet-copy"/>
        </div>
    }
}
