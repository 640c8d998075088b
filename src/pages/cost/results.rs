//! The costs side by side: tokens, cost per period, the split by part, the
//! saving against the baseline and of each knob, notes, and the chart.

use super::chart::{split_chart, Bar};
use super::text::{count, issue, knob_label};
use super::{slot_name, use_cost};
use crate::i18n::{fill, t, Lang};
use crate::prefs::use_prefs;
use batchlane_core::cost::{saving_share_text, ComparisonResult, Cost, Note, Slot, Split};
use batchlane_core::format::usd;
use leptos::prelude::*;

fn note_text(lang: Lang, n: Note) -> String {
    match n {
        Note::CapBelowAverageOutput => t(lang, "cost.note.cap_below").to_string(),
        Note::PrefixTooShortToCache => {
            use_prefs().catalog.with_untracked(|c| crate::i18n::with_facts(t(lang, "cost.note.prefix_short"), c, lang))
        }
    }
}

#[component]
pub fn Results() -> impl IntoView {
    let ctx = use_cost();
    let prefs = use_prefs();
    move || {
        let lang = prefs.lang.get();
        match ctx.result.get() {
            Ok(r) => results_view(
                lang,
                &r,
                &ctx.comparison.with(|c| {
                    std::iter::once(&c.baseline)
                        .chain(&c.scenarios)
                        .enumerate()
                        .map(|(i, s)| slot_name(lang, i, &s.name))
                        .collect::<Vec<_>>()
                }),
            )
            .into_any(),
            Err(errors) => {
                let names = ctx.comparison.with(|c| {
                    errors
                        .iter()
                        .map(|e| match e.slot {
                            Slot::Baseline => slot_name(lang, 0, &c.baseline.name),
                            Slot::Scenario(i) => slot_name(lang, i + 1, c.scenarios.get(i).map_or("", |s| s.name.as_str())),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                });
                view! {
                    <p class="note note--warn" role="status" data-testid="cost-fix">
                        {fill(t(lang, "cost.fix_first"), &[("names", &names)])}
                    </p>
                }
                .into_any()
            }
        }
    }
}

fn results_view(lang: Lang, r: &ComparisonResult, names: &[String]) -> impl IntoView {
    let costs: Vec<&Cost> = std::iter::once(&r.baseline).chain(r.scenarios.iter().map(|s| &s.cost)).collect();
    let head = names.iter().map(|n| view! { <th scope="col" class="num">{n.clone()}</th> }).collect_view();
    let n = costs.len();
    let row = |label: &'static str, id: &'static str, f: &dyn Fn(usize) -> String| {
        let cells = (0..n).map(|i| view! { <td class="num" data-testid=format!("res-{id}-{i}")>{f(i)}</td> }).collect_view();
        view! { <tr><th scope="row">{t(lang, label)}</th>{cells}</tr> }
    };
    let group = |label: &'static str| view! { <tr class="cost-group"><th scope="colgroup" colspan=n + 1>{t(lang, label)}</th></tr> };
    let m = |x: f64| usd(x, lang);
    let saving = |i: usize, f: &dyn Fn(&batchlane_core::cost::ScenarioResult) -> f64| {
        if i == 0 {
            "—".to_string()
        } else {
            m(f(&r.scenarios[i - 1]))
        }
    };
    let knob_rows = batchlane_core::cost::Knob::ORDER
        .iter()
        .enumerate()
        .map(|(pos, knob)| {
            let cells = (0..n)
                .map(|i| {
                    let k = (i > 0).then(|| &r.scenarios[i - 1].knobs[pos]);
                    let text = match k {
                        Some(k) if k.changed => m(k.per_month.total),
                        _ => "—".to_string(),
                    };
                    let positive = k.is_some_and(|k| k.changed && k.per_month.total > 0.0);
                    let negative = k.is_some_and(|k| k.changed && k.per_month.total < 0.0);
                    view! {
                        <td class="num" class:cost-good=positive class:cost-bad=negative data-testid=format!("cost-knob-{}-{i}", knob.code())>{text}</td>
                    }
                })
                .collect_view();
            view! { <tr><th scope="row">{format!("{}. {}", pos + 1, knob_label(lang, knob.code()))}</th>{cells}</tr> }
        })
        .collect_view();
    let notes_row = {
        let cells = (0..n)
            .map(|i| {
                let c = costs[i];
                let mut items: Vec<String> = c.notes.iter().map(|&x| note_text(lang, x)).collect();
                items.extend(c.warnings.iter().map(|w| issue(lang, w)));
                let unverified = i > 0 && r.scenarios[i - 1].quality_unverified;
                view! {
                    <td class="cost-notes">
                        {unverified.then(|| view! { <span class="badge badge--warn" data-testid=format!("cost-unverified-{i}")>{t(lang, "cost.quality_badge")}</span> })}
                        {items.into_iter().map(|x| view! { <span class="cost-note-item">{x}</span> }).collect_view()}
                    </td>
                }
            })
            .collect_view();
        view! { <tr><th scope="row">{t(lang, "cost.notes")}</th>{cells}</tr> }
    };
    let quality_notes = r
        .scenarios
        .iter()
        .enumerate()
        .filter(|(_, s)| s.quality_unverified)
        .map(|(i, s)| {
            let b = &r.baseline.tokens;
            let text = fill(
                t(lang, "cost.quality_note"),
                &[("name", &names[i + 1]), ("before", &count(b.prompt, lang)), ("after", &count(s.cost.tokens.prompt, lang))],
            );
            view! { <p class="note note--warn" data-testid="cost-quality-note">{text}</p> }
        })
        .collect_view();
    let split = |s: &Split| [s.input, s.cached_input, s.output];
    let bars =
        (0..n).map(|i| Bar { label: names[i].clone(), parts: split(&costs[i].per_month), value: m(costs[i].per_month.total) }).collect();
    view! {
        {(n > 1).then(|| view! { <p class="muted cost-scroll-hint" data-testid="cost-scroll-hint">{t(lang, "cost.scroll_hint")}</p> })}
        <div class="table-wrap cost-results-wrap">
            <table class="cost-results" data-testid="cost-results">
                <thead><tr><th scope="col">{t(lang, "cost.per_what")}</th>{head}</tr></thead>
                <tbody>
                    {group("cost.group.tokens")}
                    {row("cost.tokens.prompt", "prompt", &|i| count(costs[i].tokens.prompt, lang))}
                    {row("cost.tokens.cached", "cached", &|i| count(costs[i].tokens.cached, lang))}
                    {row("cost.tokens.output", "output", &|i| count(costs[i].tokens.output, lang))}
                    {row("cost.requests_per_day", "rpd", &|i| count(costs[i].requests_per_day, lang))}
                    {group("cost.group.cost")}
                    {row("cost.per_request", "request", &|i| m(costs[i].per_request.total))}
                    {row("cost.per_day", "day", &|i| m(costs[i].per_day.total))}
                    {row("cost.per_month_total", "month", &|i| m(costs[i].per_month.total))}
                    {row("cost.per_year", "year", &|i| m(costs[i].per_year.total))}
                    {group("cost.group.split")}
                    {row("cost.part.input", "input", &|i| m(costs[i].per_month.input))}
                    {row("cost.part.cached", "cachedcost", &|i| m(costs[i].per_month.cached_input))}
                    {row("cost.part.output", "outputcost", &|i| m(costs[i].per_month.output))}
                    {group("cost.group.saving")}
                    {row("cost.saving_month", "saving-month", &|i| saving(i, &|s| s.saving_per_month))}
                    {row("cost.saving_year", "saving-year", &|i| saving(i, &|s| s.saving_per_year))}
                    {row("cost.saving_share", "saving-share", &|i| if i == 0 || r.baseline.per_month.total == 0.0 { "—".to_string() } else {
                        saving_share_text(r.scenarios[i - 1].saving_per_month / r.baseline.per_month.total)
                    })}
                    {group("cost.group.knobs")}
                    {knob_rows}
                    {notes_row}
                </tbody>
            </table>
        </div>
        <p class="muted cost-hint">{t(lang, "cost.knob_order")}</p>
        {quality_notes}
        <h3>{t(lang, "cost.chart_title")}</h3>
        {split_chart(t(lang, "cost.chart_title").to_string(), bars, lang, "cost-chart")}
    }
}
