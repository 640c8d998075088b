//! The price catalog the comparison uses: input, cached-input and output
//! price per 1M tokens for the chosen models (or all), with source and
//! as-of date, editable; the Data Zone / Regional uplift and the batch
//! factor; "reset to catalog". Edits are the page's catalog overrides,
//! which become the user's (kept in localStorage, applied on every page)
//! unless the page shows a link's prices the user has not kept.

use super::state::{parse, plain, price_ids};
use super::use_cost;
use crate::components::local_time::LocalDate;
use crate::components::unconfirmed::UnconfirmedBadge;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::{price_table, uplift_fact};
use batchlane_core::facts::Kind;
use batchlane_core::facts::{self, Catalog, Scope};
use leptos::prelude::*;

#[component]
pub fn PriceTable() -> impl IntoView {
    let ctx = use_cost();
    let prefs = use_prefs();
    let show_all = RwSignal::new(false);
    // Catalog names of the models the workloads use, in catalog order.
    let models = Memo::new(move |_| {
        let chosen: Vec<String> = ctx.comparison.with(|c| {
            std::iter::once(&c.baseline)
                .chain(&c.scenarios)
                .filter_map(|s| facts::model_for_name(&s.workload.model).map(|m| m.name.to_string()))
                .collect()
        });
        let all = show_all.get();
        price_table(&Catalog::builtin()).rows.into_iter().map(|r| r.model).filter(|m| all || chosen.contains(m)).collect::<Vec<_>>()
    });
    let overridden = move || ctx.catalog.with(|c| price_ids(c).iter().filter(|id| c.is_overridden(id)).count());
    // The Regional uplift's fact: the chosen region's (re-rendered only when it changes).
    let regional = Memo::new(move |_| {
        let region = ctx.comparison.with(|c| c.config.region.clone());
        uplift_fact(Scope::Regional, region.as_deref()).map_or("any", |(_, s)| s)
    });
    let reset = move |_| {
        ctx.catalog.update(|c| {
            for id in price_ids(c) {
                c.clear_override(&id);
            }
        })
    };
    view! {
        <p class="muted cost-hint">{tr("cost.prices_hint")}</p>
        <div class="toolbar">
            <label class="cost-check">
                <input type="checkbox" data-testid="cost-prices-all" prop:checked=move || show_all.get() on:change=move |ev| show_all.set(event_target_checked(&ev))/>
                <span>{tr("cost.prices_all")}</span>
            </label>
            <span class="muted" data-testid="cost-prices-count">{move || fill(t(prefs.lang.get(), "cost.prices_overridden"), &[("n", &overridden().to_string())])}</span>
            <button type="button" class="button" data-testid="cost-prices-reset" disabled=move || overridden() == 0 on:click=reset>
                {tr("cost.prices_reset")}
            </button>
        </div>
        <div class="table-wrap">
            <table class="cost-prices" data-testid="cost-prices">
                <thead>
                    <tr>
                        <th scope="col">{tr("cost.field.model")}</th>
                        <th scope="col" class="num">{tr("cost.price.input")}</th>
                        <th scope="col" class="num">{tr("cost.price.cached")}</th>
                        <th scope="col" class="num">{tr("cost.price.output")}</th>
                        <th scope="col">{tr("cost.price.source")}</th>
                    </tr>
                </thead>
                <tbody>
                    <For each=move || models.get() key=|m| m.clone() let:model>
                        <PriceRow model=model/>
                    </For>
                </tbody>
            </table>
        </div>
        <h3>{tr("cost.factors")}</h3>
        <div class="cost-factors">
            <Factor kind=Kind::DatazonePriceFactor subject="any" label="cost.factor.datazone"/>
            // The Regional uplift of the chosen region (the fact the prices use).
            {move || view! { <Factor kind=Kind::RegionalPriceFactor subject=regional.get() label="cost.factor.regional"/> }}
            <Factor kind=Kind::BatchPriceFactor subject="any" label="cost.factor.batch"/>
        </div>
    }
}

#[component]
fn PriceRow(model: String) -> impl IntoView {
    let fact = facts::builtin(Kind::PriceInput, &model);
    let source = fact.map(|f| f.source.source());
    let as_of = fact.map(|f| f.as_of).unwrap_or("");
    view! {
        <tr data-model=model.clone()>
            <th scope="row"><code>{model.clone()}</code></th>
            <td class="num"><PriceInput kind=Kind::PriceInput subject=model.clone() label="cost.price.input"/><UnconfirmedBadge kind=Kind::PriceInput subject=model.clone()/></td>
            <td class="num"><PriceInput kind=Kind::PriceCachedInput subject=model.clone() label="cost.price.cached"/><UnconfirmedBadge kind=Kind::PriceCachedInput subject=model.clone()/></td>
            <td class="num"><PriceInput kind=Kind::PriceOutput subject=model.clone() label="cost.price.output"/><UnconfirmedBadge kind=Kind::PriceOutput subject=model.clone()/></td>
            <td class="cost-source">
                {source.map(|s| view! { <a href=s.url rel="noreferrer noopener" target="_blank">{s.title}</a> })}
                <span class="muted">" · "{tr("cost.as_of")}" "<LocalDate date=as_of/></span>
            </td>
        </tr>
    }
}

#[component]
fn Factor(kind: Kind, subject: &'static str, label: &'static str) -> impl IntoView {
    let fact = facts::builtin(kind, subject);
    let source = fact.map(|f| f.source.source().title).unwrap_or("");
    let as_of = fact.map(|f| f.as_of).unwrap_or("");
    view! {
        <div class="cost-factor">
            <span class="cost-factor__label">{tr(label)}{(subject != "any").then(|| format!(" · {subject}"))}</span>
            <PriceInput kind=kind subject=subject.to_string() label=label/>
            <span class="muted cost-factor__source">{source}" · "{tr("cost.as_of")}" "<LocalDate date=as_of/><UnconfirmedBadge kind=kind subject=subject/></span>
        </div>
    }
}

/// One editable figure. The text is the user's; it follows the catalog
/// when the catalog changes from elsewhere (reset, a share link).
#[component]
fn PriceInput(kind: Kind, subject: String, label: &'static str) -> impl IntoView {
    let prefs = use_prefs();
    let ctx = use_cost();
    let Some(fact) = facts::builtin(kind, &subject) else {
        return view! { <span class="muted">"—"</span> }.into_any();
    };
    let id = fact.id();
    let current = {
        let subject = subject.clone();
        Memo::new(move |_| ctx.catalog.with(|c| c.get(kind, &subject)).unwrap_or(fact.value))
    };
    let text = RwSignal::new(plain(current.get_untracked()));
    let error = RwSignal::new(false);
    Effect::new(move |_| {
        let v = current.get();
        if parse(&text.get_untracked()) != v {
            text.set(plain(v));
            error.set(false);
        }
    });
    let overridden = {
        let id = id.clone();
        move || ctx.catalog.with(|c| c.is_overridden(&id))
    };
    let on_input = move |ev| {
        let value = event_target_value(&ev);
        text.set(value.clone());
        let x = parse(&value);
        let ok = ctx
            .catalog
            .try_update(|c| {
                if x == fact.value {
                    c.clear_override(&id);
                    true
                } else {
                    c.set_override(&id, x).is_ok()
                }
            })
            .unwrap_or(false);
        error.set(!ok);
    };
    let aria = {
        let subject = subject.clone();
        move || format!("{} — {}", t(prefs.lang.get(), label), subject)
    };
    let err_id = format!("cost-price-err-{kind}-{subject}");
    view! {
        <input
            type="text"
            inputmode="decimal"
            class="cost-price"
            class:cost-price--overridden=overridden
            data-testid=format!("price-{kind}-{subject}")
            aria-label=aria
            aria-invalid=move || error.get().to_string()
            aria-describedby=err_id.clone()
            prop:value=move || text.get()
            on:input=on_input
        />
        <Show when=move || error.get()>
            <span class="field-error" id=err_id.clone() role="alert">{tr("cost.price_invalid")}</span>
        </Show>
    }
    .into_any()
}
