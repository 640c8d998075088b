//! What the KEDA form produces: the highlighted YAML with its notes, the
//! quota arithmetic, and the lint panel.

use super::code_block::CodeBlock;
use super::fields::{CheckField, NumField, TextField};
use super::state::{use_snip, KedaUi};
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::{lint, max_replicas_from_quota, share, FormError, Lang as Code, LintInput, Rendered, Severity};
use leptos::prelude::*;

/// Whether workload identity was on before the KEDA add-on: unknown, yes, no.
const WI_BEFORE_ADDON: &[Choice<Option<bool>>] = &[
    (None, "unknown", "snippets.lint.wi.unknown"),
    (Some(true), "yes", "snippets.lint.wi.yes"),
    (Some(false), "no", "snippets.lint.wi.no"),
];

pub fn severity_badge(s: Severity) -> (&'static str, &'static str) {
    match s {
        Severity::Error => ("badge badge--error", "snippets.sev.error"),
        Severity::Warning => ("badge badge--warn", "snippets.sev.warning"),
        Severity::Info => ("badge", "snippets.sev.info"),
    }
}

/// The `maxReplicaCount` the quota feeds, with the arithmetic.
#[component]
pub fn QuotaArithmetic() -> impl IntoView {
    let prefs = use_prefs();
    let ui = use_snip().keda;
    let sizing = move || ui.with(|u| max_replicas_from_quota(&u.quota));
    view! {
        {move || {
            let lang = prefs.lang.get();
            sizing().ok().map(|s| view! {
                <div class="snip-arith" data-testid="snip-keda-arith">
                    <p class="snip-arith__result">
                        {tr("snippets.keda.fed")}" "<strong data-testid="snip-keda-fed">{s.replicas_fed}</strong>
                    </p>
                    <p class="snip-arith__why">{s.explanation.pick(lang).to_string()}</p>
                </div>
            })
        }}
    }
}

#[component]
pub fn KedaOutput(rendered: Memo<Result<Rendered, Vec<FormError>>>) -> impl IntoView {
    let prefs = use_prefs();
    let ui = use_snip().keda;
    let yaml = Signal::derive(move || rendered.with(|r| r.as_ref().map(|r| r.yaml.clone()).unwrap_or_default()));
    let filename = Signal::derive(move || ui.with(share::keda_file_name));
    let summary = move || {
        let lang = prefs.lang.get();
        rendered.with(|r| {
            r.as_ref().ok().map(|r| {
                fill(
                    t(lang, "snippets.keda.summary"),
                    &[
                        ("keda", &r.keda.keda.to_string()),
                        ("aks", &format!("1.{}", r.keda.kubernetes_minor)),
                        ("max", &r.max_replicas.to_string()),
                    ],
                )
            })
        })
    };
    let errors = move || {
        let lang = prefs.lang.get();
        rendered.with(|r| r.as_ref().err().map(|e| e.iter().map(|e| e.reason().pick(lang).to_string()).collect::<Vec<_>>()))
    };
    view! {
        <div class="snip-output">
            <Show when=move || errors().is_some()>
                <div class="snip-problems" role="alert" data-testid="snip-keda-errors">
                    <p><strong>{tr("snippets.keda.fix_first")}</strong></p>
                    <ul>{move || errors().unwrap_or_default().into_iter().map(|e| view! { <li>{e}</li> }).collect_view()}</ul>
                </div>
            </Show>
            <div hidden=move || errors().is_some()>
                <p class="snip-summary" data-testid="snip-keda-summary">{summary}</p>
                <CodeBlock code=yaml lang=Code::Yaml filename=filename testid="snip-keda-yaml"/>
                <ul class="snip-notes" data-testid="snip-keda-notes">
                    {move || {
                        let lang = prefs.lang.get();
                        rendered.with(|r| {
                            r.as_ref()
                                .map(|r| r.notes.iter().map(|n| view! { <li>{n.text.pick(lang).to_string()}</li> }).collect_view())
                                .unwrap_or_default()
                        })
                    }}
                </ul>
            </div>
            <LintPanel/>
        </div>
    }
}

#[component]
fn LintPanel() -> impl IntoView {
    let prefs = use_prefs();
    let snip = use_snip();
    let (ui, cluster) = (snip.keda, snip.cluster);
    let findings = Memo::new(move |_| {
        let input = LintInput { form: ui.with(KedaUi::to_form), cluster: cluster.get() };
        prefs.catalog.with(|c| lint(&input, c))
    });
    let hpa = Signal::derive(move || cluster.with(|c| c.hpa_on_workload));
    let other = Signal::derive(move || cluster.with(|c| c.other_keda_install));
    let wi = Signal::derive(move || cluster.with(|c| c.workload_identity_before_addon));
    let subject = Signal::derive(move || cluster.with(|c| c.federated_credential_subject.clone().unwrap_or_default()));
    let u32_bind = |get: fn(&batchlane_core::snippets::ClusterFacts) -> u32, set: fn(&mut batchlane_core::snippets::ClusterFacts, u32)| {
        (
            Signal::derive(move || Some(cluster.with(get) as f64)),
            Callback::new(move |v: Option<f64>| cluster.update(|c| set(c, v.unwrap_or(0.0).min(u32::MAX as f64) as u32))),
        )
    };
    let (recv, set_recv) = u32_bind(|c| c.receivers_per_replica, |c, v| c.receivers_per_replica = v);
    let (conn, set_conn) = u32_bind(|c| c.connections_per_replica, |c, v| c.connections_per_replica = v);
    let (others, set_others) = u32_bind(|c| c.other_connections, |c, v| c.other_connections = v);
    view! {
        <section class="snip-card snip-lint" aria-labelledby="snip-lint-h" data-testid="snip-lint">
            <h3 id="snip-lint-h">{tr("snippets.lint.title")}</h3>
            <p class="muted">{tr("snippets.lint.intro")}</p>
            <div class="snip-lint__facts">
                <CheckField label="snippets.lint.hpa" value=hpa on_set=Callback::new(move |v| cluster.update(|c| c.hpa_on_workload = v)) testid="snip-lint-hpa"/>
                <CheckField label="snippets.lint.other_keda" value=other on_set=Callback::new(move |v| cluster.update(|c| c.other_keda_install = v)) testid="snip-lint-other-keda"/>
                <div class="snip-grid">
                    <EnumSelect label="snippets.lint.wi" choices=WI_BEFORE_ADDON value=wi testid="snip-lint-wi"
                        on_set=Callback::new(move |v| cluster.update(|c| c.workload_identity_before_addon = v))/>
                    <TextField label="snippets.lint.subject" value=subject testid="snip-lint-subject" placeholder="system:serviceaccount:kube-system:keda-operator"
                        on_set=Callback::new(move |v: String| cluster.update(|c| c.federated_credential_subject = (!v.trim().is_empty()).then_some(v)))/>
                    <NumField label="snippets.lint.receivers" value=recv on_set=set_recv integer=true testid="snip-lint-receivers"/>
                    <NumField label="snippets.lint.connections" value=conn on_set=set_conn integer=true testid="snip-lint-connections"/>
                    <NumField label="snippets.lint.others" value=others on_set=set_others integer=true testid="snip-lint-others"/>
                </div>
            </div>
            <div aria-live="polite">
                {move || {
                    let lang = prefs.lang.get();
                    let list = findings.get();
                    if list.is_empty() {
                        view! { <p class="snip-ok" data-testid="snip-lint-clean">{t(lang, "snippets.lint.clean")}</p> }.into_any()
                    } else {
                        view! {
                            <ul class="snip-findings" data-testid="snip-lint-findings">
                                {list.into_iter().map(|f| {
                                    let (class, key) = severity_badge(f.severity);
                                    view! {
                                        <li class="snip-finding" data-rule=f.rule.id()>
                                            <p><span class=class>{t(lang, key)}</span>" "<code class="snip-rule">{f.rule.id()}</code></p>
                                            <p>{f.message.pick(lang).to_string()}</p>
                                            <p class="snip-fix"><strong>{t(lang, "snippets.fix")}</strong>" "{f.fix.pick(lang).to_string()}</p>
                                        </li>
                                    }
                                }).collect_view()}
                            </ul>
                        }.into_any()
                    }
                }}
            </div>
        </section>
    }
}
