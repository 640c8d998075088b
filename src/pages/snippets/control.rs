//! The Control plane tab: the generated service (one Python file and its
//! requirements), the job-queue planner and the audit rule for the second door.

use super::code_block::CodeBlock;
use super::control_audit::AuditPanel;
use super::control_planner::PlannerPanel;
use super::fields::{bind_str, reason_for, ControlFields, NumField, TextField, DIALECTS};
use super::generator::{GeneratorPanel, Output};
use super::state::use_snip;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t};
use crate::prefs::use_prefs;
use batchlane_core::format::number;
use batchlane_core::snippets::share::{parse_quota_overrides, QuotaSource};
use batchlane_core::snippets::{control_python, control_requirements, share, AlertHook, Dialect, Lang as Code};
use leptos::prelude::*;

/// Where failures are reported; the `value`s are `AlertHook::as_str`, as in links.
const HOOKS: &[Choice<AlertHook>] = &[
    (AlertHook::Log, "log", "snippets.cp.hook.log"),
    (AlertHook::Webhook, "webhook", "snippets.cp.hook.webhook"),
    (AlertHook::AzureMonitor, "azure_monitor", "snippets.cp.hook.azure_monitor"),
];

const BULLETS: &[&str] = &["snippets.cp.b1", "snippets.cp.b2", "snippets.cp.b3", "snippets.cp.b4", "snippets.cp.b5", "snippets.cp.b6"];

#[component]
pub fn ControlPanel() -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().control;
    let result = Memo::new(move |_| {
        let ui = st.get();
        if let Err(e) = parse_quota_overrides(&ui.quota_overrides) {
            return Err(vec![e]);
        }
        prefs.catalog.with(|c| control_python(&ui.options(c), c))
    });
    let errors = Signal::derive(move || result.with(|r| r.as_ref().err().cloned().unwrap_or_default()));
    let err = move |f: &'static str| Signal::derive(move || errors.with(|e| reason_for(e, f, prefs.lang.get())));
    let code = Signal::derive(move || result.with(|r| r.clone().unwrap_or_default()));
    let requirements = Signal::derive(control_requirements);
    let dialect = Signal::derive(move || st.with(|u| u.opts.dialect));
    let set_dialect = Callback::new(move |d: Dialect| prefs.catalog.with_untracked(|c| st.update(|u| u.set_dialect(d, c))));
    let hook = Signal::derive(move || st.with(|u| u.opts.alert_hook));
    let set_hook = Callback::new(move |h| st.update(|u| u.opts.alert_hook = h));
    let is_azure = move || st.with(|u| u.opts.dialect == Dialect::Azure);
    let is_webhook = move || st.with(|u| u.opts.alert_hook == AlertHook::Webhook);
    let fields = ControlFields::new(st, prefs.catalog);
    let (endpoint, set_endpoint) = fields.text("cpEndpoint");
    let (api, set_api) = fields.text("cpApi");
    let (path, set_path) = fields.text("cpPath");
    let (routes, set_routes) = fields.text("cpRoutes");
    let (oexp, set_oexp) = fields.whole("cpExpires");
    let (poll, set_poll) = fields.whole("cpPoll");
    let (acct, set_acct) = fields.text("cpAccount");
    let (cont, set_cont) = fields.text("cpContainer");
    let (hook_url, set_hook_url) = fields.text("cpWebhook");
    let (ledger, set_ledger) = fields.text("cpLedger");
    // Not through the table: a link's overrides that do not parse are refused, the tab shows why.
    let (overrides, set_overrides) = bind_str(st, |u| u.quota_overrides.clone(), |u, v| u.quota_overrides = v);
    // Each routed deployment's quota and where it comes from.
    let quota_note = move || {
        let lang = prefs.lang.get();
        let quotas = prefs.catalog.with(|c| st.with(|u| u.deployment_quotas(c)));
        let items: Vec<String> = quotas
            .iter()
            .map(|q| {
                let tokens = q.tokens.map(|n| number(n as f64, lang, 0)).unwrap_or_default();
                let (key, model) = match (&q.source, q.tokens) {
                    (_, None) => ("snippets.cp.quota_item.unknown", String::new()),
                    (QuotaSource::Override, _) => ("snippets.cp.quota_item.override", String::new()),
                    (QuotaSource::Typed, _) => ("snippets.cp.quota_item.typed", String::new()),
                    (QuotaSource::Catalog { model, .. }, _) => ("snippets.cp.quota_item.catalog", model.clone()),
                };
                fill(t(lang, key), &[("deployment", &q.deployment), ("tokens", &tokens), ("model", &model)])
            })
            .collect();
        fill(t(lang, "snippets.cp.quota_per_deployment"), &[("list", &items.join("; "))])
    };
    let expiry_days = move || {
        let lang = prefs.lang.get();
        let secs = st.with(|u| u.opts.output_expires_after_seconds);
        fill(t(lang, "snippets.batch.days"), &[("days", &number(secs as f64 / 86_400.0, lang, 2))])
    };
    view! {
        <GeneratorPanel title="snippets.cp.title" intro="snippets.cp.intro" bullets=BULLETS>
            <Output slot errors=errors testid="snip-cp-errors">
                <CodeBlock code=code lang=Code::Python filename=share::CONTROL_FILE testid="snip-cp"/>
                <CodeBlock code=requirements lang=Code::Shell filename=share::REQUIREMENTS_FILE testid="snip-cp-req"/>
            </Output>
            <div class="snip-grid">
                <EnumSelect label="snippets.batch.dialect" choices=DIALECTS value=dialect on_set=set_dialect testid="snip-cp-dialect" wide=true/>
                <Show when=is_azure>
                    <TextField label="snippets.batch.endpoint" value=endpoint on_set=set_endpoint error=err("endpoint") testid="snip-cp-endpoint" wide=true/>
                    <TextField label="snippets.batch.api_version" value=api on_set=set_api error=err("api_version")/>
                </Show>
                <TextField label="snippets.batch.path" value=path on_set=set_path error=err("endpoint_path") testid="snip-cp-path"/>
                <TextField label="snippets.cp.routes" value=routes on_set=set_routes error=err("routes") testid="snip-cp-routes" wide=true placeholder="tenant/alias=deployment; …"/>
                <TextField label="snippets.cp.quota_overrides" value=overrides on_set=set_overrides error=err("quota_overrides") testid="snip-cp-quota-overrides" wide=true placeholder="deployment=tokens; …"/>
                <div>
                    <NumField label="snippets.batch.output_expires" value=oexp on_set=set_oexp integer=true error=err("output_expires_after_seconds") testid="snip-cp-expires"/>
                    <span class="snip-hint">{expiry_days}</span>
                </div>
                <NumField label="snippets.batch.poll" value=poll on_set=set_poll integer=true error=err("poll_interval_seconds")/>
                <TextField label="snippets.batch.account" value=acct on_set=set_acct error=err("owned_account_url") wide=true/>
                <TextField label="snippets.batch.container" value=cont on_set=set_cont error=err("owned_container")/>
                <EnumSelect label="snippets.cp.hook" choices=HOOKS value=hook on_set=set_hook testid="snip-cp-hook"/>
                <Show when=is_webhook>
                    <TextField label="snippets.cp.webhook" value=hook_url on_set=set_hook_url error=err("webhook_url") testid="snip-cp-webhook" wide=true/>
                </Show>
                <TextField label="snippets.cp.ledger" value=ledger on_set=set_ledger error=err("ledger_dir")/>
            </div>
            <p class="snip-hint" data-testid="snip-cp-quota">{quota_note}</p>
        </GeneratorPanel>
        <PlannerPanel/>
        <AuditPanel/>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hooks_are_spelled_as_in_links() {
        let attrs: Vec<&str> = HOOKS.iter().map(|c| c.1).collect();
        let names: Vec<&str> = AlertHook::ALL.iter().map(|h| h.as_str()).collect();
        assert_eq!(attrs, names);
        assert!(HOOKS.iter().all(|c| c.0.as_str() == c.1));
    }
}
