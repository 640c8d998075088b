//! The workloads side by side: one column per workload (baseline first),
//! one row per input. Scenario cells that differ from the baseline are
//! marked, so "change one knob" stays visible.

use super::state::{parse, Draft, Num};
use super::text::{deployment_key, issue};
use super::{slot_name, use_cost};
use crate::components::region_select::{RegionSelect, ANY};
use crate::i18n::{fill, t, tn};
use crate::prefs::{tr, use_prefs};
use batchlane_core::cost::{price_table, Field, Period, Severity, MAX_SCENARIOS};
use batchlane_core::facts::Catalog;
use batchlane_core::facts::Scope;
use leptos::prelude::*;

/// Models that have a price, in catalog order.
fn priced_models() -> Vec<String> {
    price_table(&Catalog::builtin()).rows.into_iter().map(|r| r.model).collect()
}

fn same_number(a: &str, b: &str) -> bool {
    let (x, y) = (parse(a), parse(b));
    x == y || (x.is_nan() && y.is_nan() && a.trim() == b.trim())
}

fn num_key(k: Num) -> &'static str {
    match k {
        Num::Requests => "cost.field.requests",
        Num::System => "cost.field.system",
        Num::User => "cost.field.user",
        Num::Chunks => "cost.field.chunks",
        Num::ChunkTokens => "cost.field.chunk_tokens",
        Num::Output => "cost.field.output",
        Num::MaxTokens => "cost.field.max_tokens",
        Num::Cache => "cost.field.cache",
        Num::Batch => "cost.field.batch",
    }
}

fn help_key(k: Num) -> Option<&'static str> {
    match k {
        Num::MaxTokens => Some("cost.help.max_tokens"),
        Num::Cache => Some("cost.help.cache"),
        Num::Batch => Some("cost.help.batch"),
        Num::Chunks => Some("cost.help.chunks"),
        _ => None,
    }
}

#[component]
pub fn WorkloadForm() -> impl IntoView {
    let ctx = use_cost();
    let prefs = use_prefs();
    let count = Memo::new(move |_| ctx.form.with(|f| f.drafts.len()));
    let days_issue = move || {
        let days = ctx.comparison.with(|c| c.config.clone());
        days.validate().map(|i| issue(prefs.lang.get(), &i))
    };
    let add = move |_: leptos::ev::MouseEvent| {
        ctx.form.update(|f| {
            if f.drafts.len() <= MAX_SCENARIOS {
                let mut copy = f.drafts[0].clone();
                copy.name = String::new();
                f.drafts.push(copy);
            }
        })
    };
    view! {
        <div class="toolbar cost-toolbar">
            <button
                type="button"
                class="button button--primary"
                data-testid="cost-add"
                disabled=move || { count.get() > MAX_SCENARIOS }
                on:click=add
            >
                "+ "{tr("cost.add_scenario")}
            </button>
            <span class="muted">{move || {
                let lang = prefs.lang.get();
                tn(lang, "cost.scenarios_left", (MAX_SCENARIOS + 1 - count.get()) as u64)
            }}</span>
            <label class="field field--inline cost-days">
                <span>{tr("cost.days_per_month")}</span>
                <input
                    type="text"
                    inputmode="decimal"
                    data-testid="cost-days"
                    aria-invalid=move || days_issue().is_some().to_string()
                    aria-describedby="cost-days-err"
                    prop:value=move || ctx.form.with(|f| f.days.clone())
                    on:input=move |ev| ctx.form.update(|f| f.days = event_target_value(&ev))
                />
            </label>
            <RegionSelect id="cost-region" class="field field--inline cost-region"
                value=Signal::derive(move || ctx.form.with(|f| f.region.clone().unwrap_or_else(|| ANY.to_string())))
                on_change=Callback::new(move |v: String| ctx.form.update(|f| f.region = batchlane_core::facts::region(&v).map(|r| r.code.to_string())))/>
            <super::share_link::ShareButton/>
        </div>
        <p class="muted cost-days-hint" data-testid="cost-days-hint">{move || {
            use batchlane_core::cost::{DAYS_PER_YEAR, DEFAULT_DAYS_PER_MONTH, MONTHS_PER_YEAR};
            use batchlane_core::format::format_number;
            fill(t(prefs.lang.get(), "cost.days_hint"), &[
                ("days", &format_number(DEFAULT_DAYS_PER_MONTH, 2)),
                ("year", &format_number(DAYS_PER_YEAR, 0)),
                ("months", &format_number(MONTHS_PER_YEAR, 0)),
            ])
        }}</p>
        <Show when=move || days_issue().is_some()>
            <p class="field-error" id="cost-days-err" role="alert">{days_issue}</p>
        </Show>
        <Show when=move || { count.get() > 1 }>
            <p class="muted cost-scroll-hint" data-testid="cost-form-scroll-hint">{tr("cost.scroll_hint")}</p>
        </Show>
        <div class="table-wrap cost-form-wrap">
            {move || {
                let n = count.get();
                view! {
                    <table class="cost-form" data-columns=n.to_string()>
                        <thead>
                            <tr>
                                <th scope="col" class="cost-form__label">{tr("cost.input")}</th>
                                {(0..n).map(|i| view! { <ColumnHead i=i count=n/> }).collect_view()}
                            </tr>
                        </thead>
                        <tbody>
                            <Row label="cost.field.requests" n=n cell=move |i| view! { <RequestsCell i=i/> }.into_any()/>
                            <Row label="cost.field.model" n=n cell=move |i| view! { <ModelCell i=i/> }.into_any()/>
                            <Row label="cost.field.deployment" n=n cell=move |i| view! { <DeploymentCell i=i/> }.into_any()/>
                            {Num::ALL[1..]
                                .iter()
                                .map(|&k| view! {
                                    <Row label=num_key(k) help=help_key(k) n=n cell=move |i| view! { <NumInput i=i k=k/> }.into_any()/>
                                })
                                .collect_view()}
                            <Row label="cost.field.relevance" help=Some("cost.help.relevance") n=n cell=move |i| view! { <RelevanceCell i=i/> }.into_any()/>
                        </tbody>
                    </table>
                }
            }}
        </div>
    }
}

#[component]
fn Row(
    label: &'static str,
    #[prop(optional_no_strip)] help: Option<&'static str>,
    n: usize,
    cell: impl Fn(usize) -> AnyView + 'static,
) -> impl IntoView {
    view! {
        <tr>
            <th scope="row" class="cost-form__label">
                {tr(label)}
                {help.map(|h| {
                    let prefs = use_prefs();
                    view! { <span class="cost-help">{move || prefs.catalog.with(|c| crate::i18n::with_facts(t(prefs.lang.get(), h), c, prefs.lang.get()))}</span> }
                })}
            </th>
            {(0..n).map(|i| view! { <td>{cell(i)}</td> }).collect_view()}
        </tr>
    }
}

fn draft_with<T: 'static>(
    i: usize,
    f: impl Fn(&Draft) -> T + Copy + Send + Sync + 'static,
) -> impl Fn() -> Option<T> + Copy + Send + Sync + 'static {
    let ctx = use_cost();
    move || ctx.form.with(|form| form.drafts.get(i).map(f))
}

fn edit(i: usize, f: impl FnOnce(&mut Draft)) {
    use_cost().form.update(|form| {
        if let Some(d) = form.drafts.get_mut(i) {
            f(d)
        }
    });
}

/// The accessible name of an input: field and column.
fn aria(label: &'static str, i: usize) -> impl Fn() -> String + Send + Sync + 'static {
    let prefs = use_prefs();
    let name = draft_with(i, |d| d.name.clone());
    move || format!("{} — {}", t(prefs.lang.get(), label), slot_name(prefs.lang.get(), i, &name().unwrap_or_default()))
}

#[component]
fn ColumnHead(i: usize, count: usize) -> impl IntoView {
    let ctx = use_cost();
    let prefs = use_prefs();
    let name = draft_with(i, |d| d.name.clone());
    let placeholder = move || slot_name(prefs.lang.get(), i, "");
    let duplicate = move |_: leptos::ev::MouseEvent| {
        ctx.form.update(|f| {
            if f.drafts.len() <= MAX_SCENARIOS {
                let mut copy = f.drafts[i].clone();
                copy.name = String::new();
                f.drafts.push(copy);
            }
        })
    };
    let remove = move |_: leptos::ev::MouseEvent| {
        ctx.form.update(|f| {
            if i > 0 && i < f.drafts.len() {
                f.drafts.remove(i);
            }
        })
    };
    view! {
        <th scope="col" class="cost-col" class:cost-col--base=i == 0>
            <span class="cost-col__kind">{move || if i == 0 { tr("cost.baseline")() } else { tr("cost.scenario")() }}</span>
            <input
                type="text"
                class="cost-col__name"
                data-testid=format!("cost-name-{i}")
                aria-label=move || format!("{} — {}", t(prefs.lang.get(), "cost.name"), placeholder())
                placeholder=placeholder
                prop:value=move || name().unwrap_or_default()
                on:input=move |ev| edit(i, |d| d.name = event_target_value(&ev))
            />
            <span class="cost-col__actions">
                <button
                    type="button"
                    class="button button--small"
                    data-testid=format!("cost-duplicate-{i}")
                    disabled={ count > MAX_SCENARIOS }
                    aria-label=move || fill(t(prefs.lang.get(), "cost.duplicate_label"), &[("name", &slot_name(prefs.lang.get(), i, &name().unwrap_or_default()))])
                    on:click=duplicate
                >
                    {tr("cost.duplicate")}
                </button>
                {(i > 0).then(|| view! {
                    <button
                        type="button"
                        class="button button--small"
                        data-testid=format!("cost-remove-{i}")
                        aria-label=move || fill(t(prefs.lang.get(), "cost.remove_label"), &[("name", &slot_name(prefs.lang.get(), i, &name().unwrap_or_default()))])
                        on:click=remove
                    >
                        {tr("cost.remove")}
                    </button>
                })}
            </span>
        </th>
    }
}

/// The first problem of column `i` with `field`, translated, and its severity.
fn problem(i: usize, field: Field) -> impl Fn() -> Option<(String, Severity)> + Copy + Send + Sync + 'static {
    let ctx = use_cost();
    let prefs = use_prefs();
    move || {
        let lang = prefs.lang.get();
        ctx.issues.with(|all| {
            let list = all.get(i)?;
            let first = list
                .iter()
                .find(|x| x.field == field && x.severity == Severity::Error)
                .or_else(|| list.iter().find(|x| x.field == field))?;
            Some((issue(lang, first), first.severity))
        })
    }
}

#[component]
fn Problem(i: usize, code: &'static str, field: Field) -> impl IntoView {
    let p = problem(i, field);
    view! {
        {move || p().map(|(msg, sev)| {
            let warn = sev == Severity::Warning;
            view! {
                <span
                    class=if warn { "field-warn" } else { "field-error" }
                    id=format!("cost-err-{i}-{code}")
                    data-testid=format!("cost-err-{i}-{code}")
                    role=if warn { "status" } else { "alert" }
                >{msg}</span>
            }
        })}
    }
}

#[component]
fn NumInput(i: usize, k: Num) -> impl IntoView {
    let ctx = use_cost();
    let value = draft_with(i, move |d| d.nums[k.index()].clone());
    let p = problem(i, k.field());
    let changed = move || {
        i > 0
            && ctx.form.with(|f| match (f.drafts.first(), f.drafts.get(i)) {
                (Some(b), Some(d)) => !same_number(&b.nums[k.index()], &d.nums[k.index()]),
                _ => false,
            })
    };
    let invalid = move || p().is_some_and(|(_, s)| s == Severity::Error);
    let code = k.code();
    let placeholder = move || if k == Num::MaxTokens { tr("cost.no_cap")() } else { "" };
    view! {
        <span class="cost-cell" class:cost-cell--changed=changed>
            <input
                type="text"
                inputmode="decimal"
                id=format!("cost-{code}-{i}")
                data-testid=format!("cost-{code}-{i}")
                aria-label=aria(num_key(k), i)
                aria-invalid=move || invalid().to_string()
                aria-describedby=format!("cost-err-{i}-{code}")
                placeholder=placeholder
                prop:value=move || value().unwrap_or_default()
                on:input=move |ev| edit(i, |d| d.nums[k.index()] = event_target_value(&ev))
            />
            {k.is_percent().then(|| view! { <span class="cost-unit" aria-hidden="true">"%"</span> })}
        </span>
        <Problem i=i code=code field=k.field()/>
    }
}

#[component]
fn RequestsCell(i: usize) -> impl IntoView {
    let per = draft_with(i, |d| d.per);
    let per_changed = move || i > 0 && use_cost().form.with(|f| f.drafts.first().map(|b| b.per) != f.drafts.get(i).map(|d| d.per));
    view! {
        <NumInput i=i k=Num::Requests/>
        <select
            class="cost-per"
            class:cost-cell--changed=per_changed
            data-testid=format!("cost-per-{i}")
            aria-label=aria("cost.field.per", i)
            on:change=move |ev| {
                let v = event_target_value(&ev);
                edit(i, |d| d.per = if v == "month" { Period::Month } else { Period::Day })
            }
        >
            <option value="day" selected=move || per() == Some(Period::Day)>{tr("cost.period.day")}</option>
            <option value="month" selected=move || per() == Some(Period::Month)>{tr("cost.period.month")}</option>
        </select>
    }
}

#[component]
fn ModelCell(i: usize) -> impl IntoView {
    let model = draft_with(i, |d| d.model.clone());
    let changed = move || i > 0 && use_cost().form.with(|f| f.drafts.first().map(|b| &b.model) != f.drafts.get(i).map(|d| &d.model));
    let options = move || {
        let mut list = priced_models();
        let current = model().unwrap_or_default();
        if !list.contains(&current) {
            list.push(current.clone());
        }
        list.into_iter()
            .map(|m| {
                let selected = m == current;
                view! { <option value=m.clone() selected=selected>{m.clone()}</option> }
            })
            .collect_view()
    };
    let p = problem(i, Field::Model);
    view! {
        <select
            class:cost-cell--changed=changed
            data-testid=format!("cost-model-{i}")
            aria-label=aria("cost.field.model", i)
            aria-invalid=move || p().is_some_and(|(_, s)| s == Severity::Error).to_string()
            aria-describedby=format!("cost-err-{i}-model")
            on:change=move |ev| edit(i, |d| d.model = event_target_value(&ev))
        >
            {options}
        </select>
        <Problem i=i code="model" field=Field::Model/>
    }
}

#[component]
fn DeploymentCell(i: usize) -> impl IntoView {
    let dep = draft_with(i, |d| d.deployment);
    let changed =
        move || i > 0 && use_cost().form.with(|f| f.drafts.first().map(|b| b.deployment) != f.drafts.get(i).map(|d| d.deployment));
    view! {
        <select
            class:cost-cell--changed=changed
            data-testid=format!("cost-deployment-{i}")
            aria-label=aria("cost.field.deployment", i)
            on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some(d) = Scope::from_code(&v) {
                    edit(i, |draft| draft.deployment = d)
                }
            }
        >
            {Scope::ALL
                .into_iter()
                .map(|d| view! { <option value=d.url_code() selected=move || dep() == Some(d)>{tr(deployment_key(d))}</option> })
                .collect_view()}
        </select>
    }
}

#[component]
fn RelevanceCell(i: usize) -> impl IntoView {
    let on = draft_with(i, |d| d.relevance);
    view! {
        <label class="cost-check">
            <input
                type="checkbox"
                data-testid=format!("cost-relevance-{i}")
                prop:checked=move || on().unwrap_or(false)
                on:change=move |ev| edit(i, |d| d.relevance = event_target_checked(&ev))
            />
            <span>{tr("cost.relevance_yes")}</span>
        </label>
    }
}
