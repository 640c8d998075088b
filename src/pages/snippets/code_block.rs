//! A generated snippet: highlighted, with copy and download buttons.

use crate::components::copy_button::CopyButton;
use crate::components::download::DownloadButton;
use batchlane_core::snippets::{highlight, Lang as Code};
use leptos::prelude::*;

/// Renders `code` with the domain's highlighter as `<span class=tok-…>`.
#[component]
pub fn CodeBlock(
    #[prop(into)] code: Signal<String>,
    lang: Code,
    /// Suggested file name for the download.
    #[prop(into)]
    filename: Signal<String>,
    /// Prefix for the test ids: `<testid>-code`, `-copy`, `-download`.
    testid: &'static str,
) -> impl IntoView {
    let spans = move || {
        code.with(|c| highlight(c, lang)).into_iter().map(|s| view! { <span class=s.class.css_class()>{s.text}</span> }).collect_view()
    };
    let name = move || filename.get();
    view! {
        <div class="snip-code">
            <div class="snip-code__bar">
                <span class="snip-code__name">{name}</span>
                <span class="snip-code__actions">
                    <CopyButton text=move || code.get() testid=format!("{testid}-copy")/>
                    <DownloadButton text=move || code.get() filename=move || filename.get() testid=format!("{testid}-download")/>
                </span>
            </div>
            <pre class="snip-code__pre" tabindex="0" aria-label=name data-testid=format!("{testid}-code")><code>{spans}</code></pre>
        </div>
    }
}
