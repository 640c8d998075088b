//! The Service Bus message checker: body and application properties against
//! the tier's limits, findings, and the claim-check message.

use super::code_block::CodeBlock;
use super::fields::{bind_opt_int, bind_str, reason_for, NumField, TextField};
use super::generator::{GeneratorPanel, Output};
use super::keda_output::severity_badge;
use super::state::use_snip;
use crate::components::enum_select::{Choice, EnumSelect};
use crate::i18n::{fill, t, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format::number;
use batchlane_core::snippets::{check_message, claim_check_message, Lang as Code, Property, Tier};
use leptos::prelude::*;

fn kb(bytes: f64, lang: Lang) -> String {
    format!("{} KB", number(bytes / 1024.0, lang, 1))
}

/// Service Bus tiers (product names, not translated).
const TIERS: &[Choice<Tier>] =
    &[(Tier::Basic, "basic", "Basic"), (Tier::Standard, "standard", "Standard"), (Tier::Premium, "premium", "Premium")];

/// Sent to a queue (`false`) or a topic (`true`).
const ENTITIES: &[Choice<bool>] = &[(false, "queue", "snippets.msg.queue"), (true, "topic", "snippets.msg.topic")];

const SAMPLE: &str = r#"{
  "tenant_id": "contoso",
  "model": "summarize",
  "messages": [
    {"role": "system", "content": "Summarize the document for the weekly report."},
    {"role": "user", "content": "<the whole document pasted here>"}
  ]
}"#;

#[component]
pub fn MessagePanel() -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().message;
    let checked = Memo::new(move |_| {
        let input = st.with(|s| s.to_input());
        prefs.catalog.with(|c| check_message(&input, c))
    });
    let tier = Signal::derive(move || st.with(|s| s.tier));
    let set_tier = Callback::new(move |t| st.update(|s| s.tier = t));
    let subs_err = Signal::derive(move || {
        st.with(|s| s.matching_subscriptions.is_some_and(|n| n > 2_000))
            .then(|| t(prefs.lang.get(), "snippets.msg.subscriptions_max").to_string())
    });
    let premium_err = Signal::derive(move || {
        checked.with(|r| r.as_ref().err().and_then(|e| reason_for(e, "premium_entity_max_bytes", prefs.lang.get())))
    });
    let (pmax, set_pmax) = bind_opt_int(st, |s| s.premium_max_kb.map(|x| x as i64), |s, v| s.premium_max_kb = v.map(|x| x as f64));
    let on_topic = Signal::derive(move || st.with(|s| s.on_topic));
    let set_on_topic = Callback::new(move |topic| st.update(|s| s.on_topic = topic));
    let (subs, set_subs) = bind_opt_int(
        st,
        |s| s.matching_subscriptions.map(i64::from),
        |s, v| s.matching_subscriptions = v.map(|x| x.clamp(0, 10_000) as u32),
    );
    let (mid, set_mid) = bind_str(st, |s| s.message_id.clone(), |s, v| s.message_id = v);
    let (sid, set_sid) = bind_str(st, |s| s.session_id.clone(), |s, v| s.session_id = v);
    let body_len = move || {
        let lang = prefs.lang.get();
        let n = st.with(|s| s.body.len()) as f64;
        fill(t(lang, "snippets.msg.body_size"), &[("bytes", &number(n, lang, 0)), ("kb", &kb(n, lang))])
    };
    view! {
        <GeneratorPanel title="snippets.msg.title" intro="snippets.msg.intro">
            <Output slot>
                <Sizes checked=checked/>
                <ClaimCheck recommended=Signal::derive(move || checked.with(|r| r.as_ref().is_ok_and(|c| c.claim_check_recommended)))/>
            </Output>
            <div class="snip-grid">
                <EnumSelect label="snippets.msg.tier" choices=TIERS value=tier on_set=set_tier testid="snip-msg-tier"/>
                <Show when=move || st.with(|s| s.tier == Tier::Premium)>
                    <NumField label="snippets.msg.premium_max" value=pmax on_set=set_pmax integer=true optional=true error=premium_err testid="snip-msg-premium-max" placeholder="snippets.msg.premium_default"/>
                </Show>
                <EnumSelect label="snippets.msg.entity" choices=ENTITIES value=on_topic on_set=set_on_topic testid="snip-msg-entity"/>
                <Show when=move || st.with(|s| s.on_topic)>
                    <NumField label="snippets.msg.subscriptions" value=subs on_set=set_subs integer=true optional=true error=subs_err testid="snip-msg-subscriptions" placeholder="snippets.msg.subscriptions_default"/>
                </Show>
            </div>
            <label class="field">
                <span>{tr("snippets.msg.body")}</span>
                <textarea
                    class="snip-body"
                    rows="8"
                    spellcheck="false"
                    data-testid="snip-msg-body"
                    prop:value=move || st.with(|s| s.body.clone())
                    on:input=move |ev| st.update(|s| s.body = event_target_value(&ev))
                ></textarea>
                <span class="snip-hint" data-testid="snip-msg-body-size">{body_len}</span>
            </label>
            <div class="snip-actions">
                <button type="button" class="button button--small" data-testid="snip-msg-sample" on:click=move |_| st.update(|s| s.body = SAMPLE.to_string())>
                    {tr("snippets.msg.sample")}
                </button>
                <button type="button" class="button button--small" on:click=move |_| st.update(|s| s.body.clear())>{tr("snippets.msg.clear")}</button>
            </div>
            <Properties/>
            <div class="snip-grid">
                <TextField label="snippets.msg.message_id" value=mid on_set=set_mid testid="snip-msg-id"/>
                <TextField label="snippets.msg.session_id" value=sid on_set=set_sid testid="snip-msg-session"/>
            </div>
        </GeneratorPanel>
    }
}

#[component]
fn Properties() -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().message;
    let rows = move || st.with(|s| s.properties.iter().map(|(id, _)| *id).collect::<Vec<_>>());
    view! {
        <fieldset class="snip-props">
            <legend>{tr("snippets.msg.properties")}</legend>
            <For each=rows key=|id| *id let:id>
                {
                    let get = move |f: fn(&Property) -> String| {
                        move || st.with(|s| s.properties.iter().find(|(i, _)| *i == id).map(|(_, p)| f(p)).unwrap_or_default())
                    };
                    let set = move |ev, name: bool| {
                        let v = event_target_value(&ev);
                        st.update(|s| {
                            if let Some((_, p)) = s.properties.iter_mut().find(|(i, _)| *i == id) {
                                if name { p.name = v } else { p.value = v }
                            }
                        })
                    };
                    let remove_label = move || fill(t(prefs.lang.get(), "snippets.msg.remove"), &[("name", &get(|p| p.name.clone())())]);
                    view! {
                        <div class="snip-prop" data-testid="snip-msg-prop">
                            <label class="field"><span>{tr("snippets.msg.prop_name")}</span>
                                <input type="text" prop:value=get(|p| p.name.clone()) on:input=move |ev| set(ev, true)/></label>
                            <label class="field"><span>{tr("snippets.msg.prop_value")}</span>
                                <input type="text" prop:value=get(|p| p.value.clone()) on:input=move |ev| set(ev, false)/></label>
                            <button type="button" class="button button--small" aria-label=remove_label
                                on:click=move |_| st.update(|s| s.properties.retain(|(i, _)| *i != id))>"✕"</button>
                        </div>
                    }
                }
            </For>
            <button type="button" class="button button--small" data-testid="snip-msg-add-prop" on:click=move |_| st.update(|s| {
                let id = s.next_row;
                s.next_row += 1;
                s.properties.push((id, Property { name: String::new(), value: String::new() }));
            })>{tr("snippets.msg.add_prop")}</button>
        </fieldset>
    }
}

#[component]
fn Sizes(checked: Memo<Result<batchlane_core::snippets::MessageCheck, Vec<batchlane_core::snippets::FormError>>>) -> impl IntoView {
    let prefs = use_prefs();
    view! {
        {move || {
            let lang = prefs.lang.get();
            checked.get().ok().map(|c| {
                let share = if c.limit_bytes > 0.0 { (c.total_bytes / c.limit_bytes).min(1.0) } else { 1.0 };
                let over = c.total_bytes > c.limit_bytes;
                view! {
                    <section class="snip-card" aria-labelledby="snip-sizes-h" data-testid="snip-msg-sizes">
                        <h3 id="snip-sizes-h">{t(lang, "snippets.msg.sizes")}</h3>
                        <div class="snip-meter" class:snip-meter--over=over role="img"
                            aria-label=fill(t(lang, "snippets.msg.meter"), &[("total", &kb(c.total_bytes, lang)), ("limit", &kb(c.limit_bytes, lang))])>
                            <div class="snip-meter__fill" style:width=format!("{:.1}%", share * 100.0)></div>
                        </div>
                        <table class="snip-sizes">
                            <tbody>
                                <tr><th scope="row">{t(lang, "snippets.msg.size.body")}</th><td class="num">{kb(c.body_bytes, lang)}</td></tr>
                                <tr><th scope="row">{t(lang, "snippets.msg.size.props")}</th><td class="num">{kb(c.properties_bytes, lang)}</td></tr>
                                <tr><th scope="row">{t(lang, "snippets.msg.size.total")}</th><td class="num" data-testid="snip-msg-total">{kb(c.total_bytes, lang)}</td></tr>
                                <tr><th scope="row">{t(lang, "snippets.msg.size.limit")}</th><td class="num" data-testid="snip-msg-limit">{kb(c.limit_bytes, lang)}</td></tr>
                                <tr><th scope="row">{t(lang, "snippets.msg.size.charge")}</th><td class="num">{format!("× {}", c.quota_charge)}</td></tr>
                            </tbody>
                        </table>
                        {if c.findings.is_empty() {
                            view! { <p class="snip-ok" data-testid="snip-msg-clean">{t(lang, "snippets.msg.clean")}</p> }.into_any()
                        } else {
                            view! {
                                <ul class="snip-findings" data-testid="snip-msg-findings">
                                    {c.findings.iter().map(|f| {
                                        let (class, key) = severity_badge(f.severity);
                                        view! { <li class="snip-finding" data-code=format!("{:?}", f.code)><span class=class>{t(lang, key)}</span>" "{f.text.pick(lang).to_string()}</li> }
                                    }).collect_view()}
                                </ul>
                            }.into_any()
                        }}
                    </section>
                }
            })
        }}
    }
}

#[component]
fn ClaimCheck(recommended: Signal<bool>) -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().message;
    let result = Memo::new(move |_| {
        let input = st.with(|s| s.claim.clone());
        prefs.catalog.with(|c| claim_check_message(&input, c))
    });
    let err =
        move |f: &'static str| Signal::derive(move || result.with(|r| r.as_ref().err().and_then(|e| reason_for(e, f, prefs.lang.get()))));
    let json = Signal::derive(move || result.with(|r| r.clone().unwrap_or_default()));
    let (url, set_url) = bind_str(st, |s| s.claim.blob_url.clone(), |s, v| s.claim.blob_url = v);
    let (tenant, set_tenant) = bind_str(st, |s| s.claim.tenant_id.clone(), |s, v| s.claim.tenant_id = v);
    let (alias, set_alias) = bind_str(st, |s| s.claim.model_alias.clone(), |s, v| s.claim.model_alias = v);
    let (corr, set_corr) = bind_str(st, |s| s.claim.correlation_id.clone(), |s, v| s.claim.correlation_id = v);
    view! {
        <section class="snip-card snip-claim" class:snip-claim--on=move || recommended.get() aria-labelledby="snip-claim-h" data-testid="snip-claim">
            <h3 id="snip-claim-h">{tr("snippets.claim.title")}</h3>
            <Show when=move || recommended.get()>
                <p class="snip-recommend" data-testid="snip-claim-recommended"><span class="badge badge--warn">{tr("snippets.claim.recommended")}</span>" "{tr("snippets.claim.why")}</p>
            </Show>
            <p class="muted">{tr("snippets.claim.intro")}</p>
            <div class="snip-grid">
                <TextField label="snippets.claim.blob_url" value=url on_set=set_url error=err("blob_url") testid="snip-claim-url" wide=true/>
                <TextField label="snippets.claim.tenant" value=tenant on_set=set_tenant error=err("tenant_id") testid="snip-claim-tenant"/>
                <TextField label="snippets.claim.alias" value=alias on_set=set_alias error=err("model_alias") testid="snip-claim-alias"/>
                <TextField label="snippets.claim.correlation" value=corr on_set=set_corr error=err("correlation_id") testid="snip-claim-corr"/>
            </div>
            <div hidden=move || result.with(|r| r.is_err())>
                <CodeBlock code=json lang=Code::Json filename=Signal::derive(|| "claim-check-message.json".to_string()) testid="snip-claim-json"/>
                <p class="snip-hint">{tr("snippets.claim.send")}</p>
            </div>
        </section>
    }
}
