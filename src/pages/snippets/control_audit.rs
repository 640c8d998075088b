//! The audit rule for the second door: a log query, an Activity Log alert
//! (sent to an action group) and an Azure Policy, with why they matter and
//! what they miss.

use super::code_block::CodeBlock;
use super::fields::{reason_for, ControlFields, TextField};
use super::generator::Problems;
use super::state::use_snip;
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{audit_rules, share, Lang as Code};
use leptos::prelude::*;

#[component]
pub fn AuditPanel() -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().control;
    let result = Memo::new(move |_| st.with(|u| audit_rules(&u.audit)));
    let errors = Signal::derive(move || result.with(|r| r.as_ref().err().cloned().unwrap_or_default()));
    let err = move |f: &'static str| Signal::derive(move || errors.with(|e| reason_for(e, f, prefs.lang.get())));
    let part = move |pick: fn(&batchlane_core::snippets::AuditRules) -> String| {
        Signal::derive(move || result.with(|r| r.as_ref().map(pick).unwrap_or_default()))
    };
    let why = move || result.with(|r| r.as_ref().map(|r| r.why.pick(prefs.lang.get()).to_string()).unwrap_or_default());
    let gaps = move || result.with(|r| r.as_ref().map(|r| r.gaps.pick(prefs.lang.get()).to_string()).unwrap_or_default());
    let fields = ControlFields::new(st, prefs.catalog);
    let (resource, set_resource) = fields.text("cpResource");
    let (oid, set_oid) = fields.text("cpOid");
    let (rule, set_rule) = fields.text("cpRule");
    let (group, set_group) = fields.text("cpActionGroup");
    view! {
        <section class="snip-card snip-audit" aria-labelledby="snip-cp-audit-h">
            <h3 id="snip-cp-audit-h">{tr("snippets.cp.audit.title")}</h3>
            <p class="muted">{tr("snippets.cp.audit.intro")}</p>
            <div class="snip-grid">
                <TextField label="snippets.cp.audit.resource" value=resource on_set=set_resource error=err("resource_id") testid="snip-cp-resource" wide=true/>
                <TextField label="snippets.cp.audit.oid" value=oid on_set=set_oid error=err("control_plane_object_id") testid="snip-cp-oid"/>
                <TextField label="snippets.cp.audit.rule" value=rule on_set=set_rule error=err("rule_name")/>
                <TextField label="snippets.cp.audit.action_group" value=group on_set=set_group error=err("action_group_id") testid="snip-cp-action-group" wide=true/>
            </div>
            <Problems errors=errors testid="snip-cp-audit-errors"/>
            <div hidden=move || errors.with(|e| !e.is_empty())>
                <p data-testid="snip-cp-audit-why">{why}</p>
                <p data-testid="snip-cp-audit-gaps">{gaps}</p>
                <CodeBlock code=part(|r| r.kql.clone()) lang=Code::Shell filename=share::KQL_FILE testid="snip-cp-kql"/>
                <CodeBlock code=part(|r| r.activity_log_alert.clone()) lang=Code::Json filename=share::ACTIVITY_ALERT_FILE testid="snip-cp-activity"/>
                <CodeBlock code=part(|r| r.policy.clone()) lang=Code::Json filename=share::POLICY_FILE testid="snip-cp-policy"/>
            </div>
        </section>
    }
}
