//! /facts — "About the numbers": every figure with its source and date, and
//! the user's overrides, (`import.rs`) a newer tier CSV read in, and
//! (`vendor.rs`) the vendors' own files read in the worker into the
//! catalog's imported figures.

mod import;
mod vendor;

use crate::components::local_time::LocalDate;
use crate::components::page_header::PageHeader;
use crate::components::unconfirmed::UnconfirmedBadge;
use crate::i18n::{fill, lookup, t, tn, Lang};
use crate::prefs::{tr, use_prefs};
use batchlane_core::facts::{all_facts, superseded, Fact, Topic};
use batchlane_core::format;
use leptos::prelude::*;

const TOPICS: &[Topic] = &[
    Topic::BatchFile,
    Topic::BatchJob,
    Topic::EnqueuedQuota,
    Topic::RateLimits,
    Topic::QuotaTiers,
    Topic::Models,
    Topic::Prices,
    Topic::Provisioned,
    Topic::TokenCounting,
    Topic::Keda,
    Topic::ServiceBus,
];

fn label(lang: Lang, prefix: &str, name: &str) -> String {
    lookup(lang, &format!("{prefix}.{name}")).map(str::to_string).unwrap_or_else(|| name.to_string())
}

fn matches(fact: &Fact, lang: Lang, filter: &str) -> bool {
    if filter.is_empty() {
        return true;
    }
    let hay =
        format!("{} {} {} {}", fact.id(), label(lang, "fact", fact.kind.as_str()), fact.subject, fact.source.source().title).to_lowercase();
    filter.split_whitespace().all(|w| hay.contains(&w.to_lowercase()))
}

#[component]
pub fn FactsPage() -> impl IntoView {
    let prefs = use_prefs();
    let filter = RwSignal::new(String::new());
    let count = move || {
        let lang = prefs.lang.get();
        let n = all_facts().count() as u64;
        let m = prefs.catalog.with(|c| c.overrides().len()).to_string();
        fill(&tn(lang, "facts.count", n), &[("m", &m)])
    };
    view! {
        <section class="page" data-testid="page-facts">
            <PageHeader title="page.facts.title" desc="page.facts.desc" figures=true/>
            <p class="note">{tr("facts.unconfirmed_note")}</p>
            <div class="toolbar">
                <label class="field field--inline">
                    <span>{tr("facts.search")}</span>
                    <input
                        type="search"
                        prop:value=move || filter.get()
                        on:input=move |ev| filter.set(event_target_value(&ev))
                    />
                </label>
                <span class="muted" data-testid="facts-count">{count}</span>
                <button type="button" class="button" on:click=move |_| prefs.catalog.update(|c| c.clear_all())>
                    {tr("facts.reset_all")}
                </button>
            </div>
            <import::CatalogTools/>
            <vendor::VendorImport/>
            {TOPICS
                .iter()
                .map(|&topic| {
                    let rows = move || {
                        let lang = prefs.lang.get();
                        let f = filter.get();
                        // The tier tables hold over a thousand figures: listed
                        // once a search narrows them.
                        if topic == Topic::QuotaTiers && f.trim().is_empty() {
                            return view! {
                                <tr><td colspan="5" class="muted" data-testid="facts-tiers-hint">{tr("facts.tiers_hint")}</td></tr>
                            }
                            .into_any();
                        }
                        all_facts()
                            .filter(|fact| fact.topic == topic && matches(fact, lang, &f))
                            .map(|fact| view! { <FactRow fact=fact/> })
                            .collect_view()
                            .into_any()
                    };
                    let any = move || {
                        let lang = prefs.lang.get();
                        let f = filter.get();
                        all_facts().any(|fact| fact.topic == topic && matches(fact, lang, &f))
                    };
                    let topic_name = format!("{topic:?}");
                    view! {
                        <Show when=any>
                            <h2>{
                                let topic_name = topic_name.clone();
                                move || label(prefs.lang.get(), "topic", &topic_name)
                            }</h2>
                            // Wider than a phone it scrolls in its own region, named and reached by the keyboard.
                            <div class="table-wrap" role="region" tabindex="0" aria-label={
                                let topic_name = topic_name.clone();
                                move || label(prefs.lang.get(), "topic", &topic_name)
                            }>
                                <table class="facts-table">
                                    <thead>
                                        <tr>
                                            <th scope="col">{tr("facts.col.figure")}</th>
                                            <th scope="col">{tr("facts.col.subject")}</th>
                                            <th scope="col" class="num">{tr("facts.col.value")}</th>
                                            <th scope="col">{tr("facts.col.source")}</th>
                                            <th scope="col">{tr("facts.col.as_of")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>{rows}</tbody>
                                </table>
                            </div>
                        </Show>
                    }
                })
                .collect_view()}
        </section>
    }
}

#[component]
fn FactRow(fact: &'static Fact) -> impl IntoView {
    let prefs = use_prefs();
    let id = fact.id();
    let error = RwSignal::new(false);
    let value = move || prefs.catalog.with(|c| c.get(fact.kind, fact.subject)).unwrap_or(fact.value).to_string();
    let overridden = {
        let id = id.clone();
        move || prefs.catalog.with(|c| c.is_overridden(&id))
    };
    let on_change = {
        let id = id.clone();
        move |ev| {
            let text = event_target_value(&ev);
            let parsed = batchlane_core::io::parse_number(&text).ok_or(());
            let ok = match parsed {
                Ok(v) => prefs.catalog.try_update(|c| c.set_override(&id, v).is_ok()).unwrap_or(false),
                Err(_) => false,
            };
            error.set(!ok);
        }
    };
    let reset = {
        let id = id.clone();
        move |_| {
            error.set(false);
            prefs.catalog.update(|c| c.clear_override(&id));
        }
    };
    let subject = move || {
        let lang = prefs.lang.get();
        lookup(lang, &format!("subject.{}", fact.subject)).unwrap_or(fact.subject)
    };
    let unit = move || t(prefs.lang.get(), unit_key(fact));
    let pretty = move || format::number(prefs.catalog.with(|c| c.get(fact.kind, fact.subject)).unwrap_or(fact.value), prefs.lang.get(), 4);
    let source = fact.source.source();
    let input_label = move || {
        format!("{} {} {}", t(prefs.lang.get(), "facts.override_label"), label(prefs.lang.get(), "fact", fact.kind.as_str()), subject())
    };
    view! {
        <tr class:overridden=overridden.clone() data-fact=id.clone()>
            <th scope="row">
                {move || label(prefs.lang.get(), "fact", fact.kind.as_str())}
                <UnconfirmedBadge kind=fact.kind subject=fact.subject/>
                {superseded(&fact.id()).map(|sup| view! {
                    " " <span class="badge" data-testid=format!("superseded-{}", sup.id)>
                        {move || fill(t(prefs.lang.get(), "facts.superseded"), &[("id", sup.by)])}
                    </span>
                })}
            </th>
            <td>{subject}</td>
            <td class="num">
                <span class="fact-value">{pretty}" "<span class="muted">{unit}</span></span>
                <span class="fact-edit">
                    <input
                        type="text"
                        inputmode="decimal"
                        class:invalid=move || error.get()
                        aria-invalid=move || error.get().to_string()
                        aria-label=input_label
                        prop:value=value
                        on:change=on_change
                    />
                    <Show when=overridden.clone()>
                        <button type="button" class="button button--small" on:click=reset.clone()>{tr("facts.reset")}</button>
                    </Show>
                </span>
                <Show when=move || error.get()>
                    <span class="field-error" role="alert">{tr("facts.invalid")}</span>
                </Show>
            </td>
            <td>
                {move || prefs.catalog.with(|c| c.imported(&fact.id()).map(|i| i.source.clone())).map(|s| view! {
                    <span class="badge" data-testid="fact-imported">{tr("facts.imported")}</span>" "<span>{s}</span><br/>
                })}
                {move || prefs.catalog.with(|c| c.is_removed(&fact.id()) && !c.is_overridden(&fact.id())).then(|| view! {
                    <span class="badge" data-testid="fact-removed">{tr("facts.removed_by_import")}</span><br/>
                })}
                {if source.url.is_empty() {
                    view! { <span>{source.title}</span> }.into_any()
                } else {
                    view! { <a href=source.url rel="noreferrer noopener" target="_blank">{source.title}</a> }.into_any()
                }}
            </td>
            <td>
                {move || prefs.catalog.with(|c| c.imported(&fact.id()).map(|i| i.as_of.clone())).map(|d| view! { <span>{d}</span><br/> })}
                <LocalDate date=fact.as_of/>
            </td>
        </tr>
    }
}

fn unit_key(fact: &Fact) -> &'static str {
    use batchlane_core::facts::Unit::*;
    match fact.unit {
        Count => "unit.Count",
        Bytes => "unit.Bytes",
        Tokens => "unit.Tokens",
        Seconds => "unit.Seconds",
        RpmPer1kTpm => "unit.RpmPer1kTpm",
        UsdPerMTokens => "unit.UsdPerMTokens",
        UsdPerHour => "unit.UsdPerHour",
        UsdPerMonth => "unit.UsdPerMonth",
        Factor => "unit.Factor",
        Characters => "unit.Characters",
    }
}
