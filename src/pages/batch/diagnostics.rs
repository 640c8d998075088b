//! The diagnostics table: identical findings grouped into one row ("300
//! lines: 1, 2, 3 …"), filter by code and severity, a page of rows at a
//! time (fast with 100,000 findings); a row opens the line view.

use super::line_view::LineView;
use super::use_state;
use crate::i18n::tx;
use crate::i18n::{fill, t, tn};
use crate::prefs::use_prefs;
use batchlane_core::batch::{describe, group, is_service_code, Code, Evidence, Group, Severity, Stage};
use batchlane_core::format;
use leptos::prelude::*;

const PAGE_ROWS: usize = 100;

/// The message as the service (or this checker) writes it, in English; in
/// a language other than English, with an explanation in that language
/// beside it, each labelled.
fn message_cell(lang: crate::i18n::Lang, code: Code, message: String) -> impl IntoView {
    if lang == crate::i18n::Lang::En {
        return view! { <span lang="en">{message}</span> }.into_any();
    }
    let source = t(lang, if is_service_code(code) { "batch.diag.msg_service" } else { "batch.diag.msg_checker" });
    let message = if message.is_empty() { describe(code).en } else { message };
    view! {
        <span class="batch-diag__part" data-testid="batch-diag-original">
            <span class="batch-diag__label">{source}</span>" "
            <span lang="en">{message}</span>
        </span>
        <span class="batch-diag__part" data-testid="batch-diag-explained">
            <span class="batch-diag__label">{t(lang, "batch.diag.msg_explained")}</span>" "
            {describe(code).pick(lang).to_string()}
        </span>
    }
    .into_any()
}

#[component]
pub fn Diagnostics() -> impl IntoView {
    let state = use_state();
    let prefs = use_prefs();
    let code = RwSignal::new(String::new());
    let severity = RwSignal::new(String::new());
    let page = RwSignal::new(0usize);
    // A new report or a new filter starts at the first page.
    Effect::watch(move || (state.report.get().is_some(), code.get(), severity.get()), move |_, _, _| page.set(0), false);
    Effect::watch(
        move || state.report.get().is_some(),
        move |_, _, _| {
            code.set(String::new());
            severity.set(String::new());
        },
        false,
    );
    // Identical findings (code, severity, field, message) as one row.
    let groups = Memo::new(move |_| state.report.get().map(|r| group(&r.diagnostics)).unwrap_or_default());
    let filtered = Memo::new(move |_| {
        let code = Code::from_name(&code.get());
        let sev = match severity.get().as_str() {
            "error" => Some(Severity::Error),
            "warning" => Some(Severity::Warning),
            _ => None,
        };
        groups.with(|gs| {
            gs.iter()
                .enumerate()
                .filter(|(_, g)| code.is_none_or(|c| g.code == c) && sev.is_none_or(|s| g.severity == s))
                .map(|(i, _)| i as u32)
                .collect::<Vec<u32>>()
        })
    });
    let pages = move || filtered.with(|f| f.len().div_ceil(PAGE_ROWS).max(1));
    let code_options = move || {
        let lang = prefs.lang.get();
        state.report.get().map(|r| {
            r.counts
                .iter()
                .map(|k| {
                    let text = format!("{} ({})", k.code.as_str(), format::number(k.count as f64, lang, 0));
                    view! { <option value=k.code.as_str()>{text}</option> }
                })
                .collect_view()
        })
    };
    let rows = move || {
        let Some(r) = state.report.get() else { return Vec::new() };
        let lang = prefs.lang.get();
        let start = page.get() * PAGE_ROWS;
        let gs = groups.get();
        filtered.with(|f| {
            f.iter()
                .skip(start)
                .take(PAGE_ROWS)
                .map(|&gi| {
                    let g: &Group = &gs[gi as usize];
                    let i = g.first;
                    let d = &r.diagnostics[i];
                    let lines = (g.count > 1).then(|| {
                        let mut list = g.lines.iter().map(|l| format::number(*l as f64, lang, 0)).collect::<Vec<_>>().join(", ");
                        if g.count > g.lines.len() as u64 {
                            list.push_str(", …");
                        }
                        let text = fill(&tn(lang, "batch.diag.lines", g.count), &[("lines", &list)]);
                        view! { <p class="muted batch-diag__lines" data-testid="batch-diag-lines">{text}</p> }
                    });
                    let line = if d.line == 0 { t(lang, "batch.diag.file").to_string() } else { format::number(d.line as f64, lang, 0) };
                    let sev_class = if d.severity == Severity::Error { "badge badge--error" } else { "badge badge--warn" };
                    let sev_text = t(lang, if d.severity == Severity::Error { "batch.sev.error" } else { "batch.sev.warning" });
                    // When an error bites: the whole batch, or only this request.
                    let stage = (d.severity == Severity::Error).then(|| {
                        let (key, class) = match d.stage() {
                            Stage::Request => ("batch.stage.request", "badge badge--stage badge--stage-request"),
                            _ => ("batch.stage.batch", "badge badge--stage"),
                        };
                        let title = if d.stage_documented() { t(lang, "batch.stage.documented") } else { t(lang, "batch.stage.undocumented") };
                        view! { <span class=class data-testid="batch-diag-stage" data-stage=d.stage().as_str() title=title>{t(lang, key)}</span> }
                    });
                    // What the finding rests on, linking to its source.
                    let evidence = {
                        let ev = d.evidence.as_str();
                        let source = d.source.as_deref().unwrap_or("").to_string();
                        let (label, title) = match d.evidence {
                            Evidence::Documented => ("batch.evidence.documented", "batch.evidence.title_documented"),
                            Evidence::Observed => ("batch.evidence.observed", "batch.evidence.title_observed"),
                            Evidence::Inferred => ("batch.evidence.inferred", "batch.evidence.title_inferred"),
                        };
                        let (label, title) = (t(lang, label), fill(t(lang, title), &[("source", &source)]));
                        view! {
                            <a
                                class=format!("badge badge--evidence badge--evidence-{ev}")
                                data-testid="batch-diag-evidence"
                                data-evidence=ev
                                href=source
                                target="_blank"
                                rel="noopener noreferrer"
                                title=title
                            >
                                {label}
                            </a>
                        }
                    };
                    let select = move |_| state.selected.set(Some(i));
                    view! {
                        <tr
                            data-testid="batch-diag-row"
                            data-code=d.code.as_str()
                            data-line=d.line.to_string()
                            data-count=g.count.to_string()
                            class:selected=move || state.selected.get() == Some(i)
                            on:click=select
                        >
                            <td class="num">
                                <button type="button" class="linklike" aria-label=fill(t(lang, "batch.diag.show"), &[("line", &line)])>
                                    {line.clone()}
                                </button>
                            </td>
                            <td class="num">{d.column.map(|c| c.to_string())}</td>
                            <td>
                                <span class=sev_class>{sev_text}</span>
                                {stage}
                                {evidence}
                            </td>
                            <td class="batch-diag__code">
                                <code>{d.code.as_str()}</code>
                                {d.param.clone().map(|p| view! { <br/><code class="muted batch-diag__param">{p}</code> })}
                            </td>
                            <td class="batch-diag__msg">{message_cell(lang, d.code, d.message.clone())} {lines}</td>
                        </tr>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    let range_text = move || {
        let lang = prefs.lang.get();
        let n = filtered.with(Vec::len);
        let from = (page.get() * PAGE_ROWS + 1).min(n);
        let to = ((page.get() + 1) * PAGE_ROWS).min(n);
        fill(
            t(lang, "batch.diag.range"),
            &[
                ("from", &format::number(from as f64, lang, 0)),
                ("to", &format::number(to as f64, lang, 0)),
                ("n", &format::number(n as f64, lang, 0)),
            ],
        )
    };
    view! {
        <Show when=move || state.report.get().is_some_and(|r| !r.diagnostics.is_empty())>
            <section class="batch-diags" aria-labelledby="batch-diags-title">
                <h2 id="batch-diags-title">{tx("batch.diag.title", prefs.lang)}</h2>
                <div class="toolbar">
                    <label class="field field--inline">
                        <span>{tx("batch.diag.code", prefs.lang)}</span>
                        <select data-testid="batch-filter-code" prop:value=move || code.get() on:change=move |ev| code.set(event_target_value(&ev))>
                            <option value="">{tx("batch.diag.all_codes", prefs.lang)}</option>
                            {code_options}
                        </select>
                    </label>
                    <label class="field field--inline">
                        <span>{tx("batch.diag.severity", prefs.lang)}</span>
                        <select data-testid="batch-filter-severity" prop:value=move || severity.get() on:change=move |ev| severity.set(event_target_value(&ev))>
                            <option value="">{tx("batch.diag.all_severities", prefs.lang)}</option>
                            <option value="error">{tx("batch.sev.error", prefs.lang)}</option>
                            <option value="warning">{tx("batch.sev.warning", prefs.lang)}</option>
                        </select>
                    </label>
                    <span class="muted" data-testid="batch-diag-range">{range_text}</span>
                    <Show when=move || { pages() > 1 }>
                        <span class="batch-pager">
                            <button type="button" class="button button--small" disabled=move || { page.get() == 0 } on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>
                                {tx("batch.diag.prev", prefs.lang)}
                            </button>
                            <span>{move || format!("{} / {}", format::format_count((page.get() + 1) as f64), format::format_count(pages() as f64))}</span>
                            <button type="button" class="button button--small" data-testid="batch-diag-next" disabled=move || { page.get() + 1 >= pages() } on:click=move |_| page.update(|p| *p += 1)>
                                {tx("batch.diag.next", prefs.lang)}
                            </button>
                        </span>
                    </Show>
                </div>
                <div class="batch-diags__layout">
                    <div class="table-wrap batch-diags__table">
                        <table data-testid="batch-diags">
                            <thead>
                                <tr>
                                    <th scope="col" class="num">{tx("batch.diag.line", prefs.lang)}</th>
                                    <th scope="col" class="num">{tx("batch.diag.column", prefs.lang)}</th>
                                    <th scope="col">{tx("batch.diag.severity", prefs.lang)}</th>
                                    <th scope="col">{tx("batch.diag.code_param", prefs.lang)}</th>
                                    <th scope="col">{tx("batch.diag.message", prefs.lang)}</th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                    <LineView/>
                </div>
            </section>
        </Show>
    }
}
