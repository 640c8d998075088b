//! Batch submission code (Python SDK and curl), prefilled from the Batch
//! file check's link (`?deployment=…&endpoint=…`).

use super::code_block::CodeBlock;
use super::fields::{bind_int, bind_str, reason_for, NumField, TextField, DIALECTS};
use super::generator::{GeneratorPanel, Output, Toolbar};
use super::state::use_snip;
use crate::components::enum_select::EnumSelect;
use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::format::number;
use batchlane_core::snippets::{share, submit_curl, submit_python, Dialect, Lang as Code, SubmitOptions};
use leptos::prelude::*;

const BULLETS: &[&str] =
    &["snippets.batch.b1", "snippets.batch.b2", "snippets.batch.b3", "snippets.batch.b4", "snippets.batch.b5", "snippets.batch.b6"];

#[component]
pub fn BatchPanel() -> impl IntoView {
    let prefs = use_prefs();
    let st = use_snip().submit;
    let shell = RwSignal::new(false);
    let result = Memo::new(move |_| {
        let o = st.get();
        prefs.catalog.with(|c| if shell.get() { submit_curl(&o, c) } else { submit_python(&o, c) })
    });
    let errors = Signal::derive(move || result.with(|r| r.as_ref().err().cloned().unwrap_or_default()));
    let err = move |f: &'static str| Signal::derive(move || errors.with(|e| reason_for(e, f, prefs.lang.get())));
    let code = Signal::derive(move || result.with(|r| r.clone().unwrap_or_default()));
    let dialect = Signal::derive(move || st.with(|o| o.dialect));
    let set_dialect = Callback::new(move |d: Dialect| {
        let fresh = prefs.catalog.with_untracked(|c| SubmitOptions::new(d, c));
        st.update(|o| {
            o.dialect = d;
            o.endpoint_path = fresh.endpoint_path;
            o.file_expires_after_seconds = fresh.file_expires_after_seconds;
            o.output_expires_after_seconds = fresh.output_expires_after_seconds;
        })
    });
    let is_azure = move || st.with(|o| o.dialect == Dialect::Azure);
    let (endpoint, set_endpoint) = bind_str(st, |o| o.endpoint.clone(), |o, v| o.endpoint = v);
    let (api, set_api) = bind_str(st, |o| o.api_version.clone(), |o, v| o.api_version = v);
    let (dep, set_dep) = bind_str(st, |o| o.deployment.clone(), |o, v| o.deployment = v);
    let (input, set_input) = bind_str(st, |o| o.input_path.clone(), |o, v| o.input_path = v);
    let (path, set_path) = bind_str(st, |o| o.endpoint_path.clone(), |o, v| o.endpoint_path = v);
    let (fexp, set_fexp) = bind_int(st, |o| o.file_expires_after_seconds, |o, v| o.file_expires_after_seconds = v);
    let (oexp, set_oexp) = bind_int(st, |o| o.output_expires_after_seconds, |o, v| o.output_expires_after_seconds = v);
    let (poll, set_poll) = bind_int(st, |o| o.poll_interval_seconds, |o, v| o.poll_interval_seconds = v);
    let (acct, set_acct) = bind_str(st, |o| o.owned_account_url.clone(), |o, v| o.owned_account_url = v);
    let (cont, set_cont) = bind_str(st, |o| o.owned_container.clone(), |o, v| o.owned_container = v);
    let days = move |secs: i64| {
        let lang = prefs.lang.get();
        fill(t(lang, "snippets.batch.days"), &[("days", &number(secs as f64 / 86_400.0, lang, 2))])
    };
    let filename = Signal::derive(move || if shell.get() { share::SUBMIT_SH_FILE } else { share::SUBMIT_PY_FILE }.to_string());
    view! {
        <GeneratorPanel title="snippets.batch.title" intro="snippets.batch.intro" bullets=BULLETS>
            <Toolbar slot>
                <div class="snip-seg" role="group" aria-label=tr("snippets.batch.flavour")>
                    <button type="button" class="button button--small" data-testid="snip-batch-python" aria-pressed=move || (!shell.get()).to_string() on:click=move |_| shell.set(false)>"Python SDK"</button>
                    <button type="button" class="button button--small" data-testid="snip-batch-curl" aria-pressed=move || shell.get().to_string() on:click=move |_| shell.set(true)>"curl"</button>
                </div>
            </Toolbar>
            <Output slot errors=errors testid="snip-batch-errors">
                {move || {
                    let lang = if shell.get() { Code::Shell } else { Code::Python };
                    view! { <CodeBlock code=code lang=lang filename=filename testid="snip-batch"/> }
                }}
            </Output>
            <div class="snip-grid">
                <EnumSelect label="snippets.batch.dialect" choices=DIALECTS value=dialect on_set=set_dialect testid="snip-batch-dialect" wide=true/>
                <TextField label="snippets.batch.deployment" value=dep on_set=set_dep error=err("deployment") testid="snip-batch-deployment"/>
                <Show when=is_azure>
                    <TextField label="snippets.batch.endpoint" value=endpoint on_set=set_endpoint error=err("endpoint") testid="snip-batch-endpoint" wide=true/>
                    <TextField label="snippets.batch.api_version" value=api on_set=set_api error=err("api_version")/>
                </Show>
                <TextField label="snippets.batch.input" value=input on_set=set_input error=err("input_path")/>
                <TextField label="snippets.batch.path" value=path on_set=set_path error=err("endpoint_path")/>
                <div>
                    <NumField label="snippets.batch.file_expires" value=fexp on_set=set_fexp integer=true error=err("file_expires_after_seconds") testid="snip-batch-file-expires"/>
                    <span class="snip-hint">{move || days(st.with(|o| o.file_expires_after_seconds))}</span>
                </div>
                <div>
                    <NumField label="snippets.batch.output_expires" value=oexp on_set=set_oexp integer=true error=err("output_expires_after_seconds") testid="snip-batch-output-expires"/>
                    <span class="snip-hint">{move || days(st.with(|o| o.output_expires_after_seconds))}</span>
                </div>
                <NumField label="snippets.batch.poll" value=poll on_set=set_poll integer=true error=err("poll_interval_seconds") testid="snip-batch-poll"/>
                <TextField label="snippets.batch.account" value=acct on_set=set_acct error=err("owned_account_url") wide=true/>
                <TextField label="snippets.batch.container" value=cont on_set=set_cont error=err("owned_container")/>
            </div>
        </GeneratorPanel>
    }
}
