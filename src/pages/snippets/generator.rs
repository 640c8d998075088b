//! One generator tab's layout: its title and intro, then the form (its
//! fields, then the bullets that say what the code does) beside the output
//! column (a toolbar, the domain's problems, and the generated code, hidden
//! while there are problems).

use crate::prefs::{tr, use_prefs};
use batchlane_core::snippets::FormError;
use leptos::prelude::*;

/// The domain's reasons as a list (for errors the form doesn't show by field).
#[component]
pub fn Problems(#[prop(into)] errors: Signal<Vec<FormError>>, testid: &'static str) -> impl IntoView {
    let prefs = use_prefs();
    view! {
        <Show when=move || errors.with(|e| !e.is_empty())>
            <div class="snip-problems" role="alert" data-testid=testid>
                <p><strong>{tr("snippets.fix_first")}</strong></p>
                <ul>{move || errors.get().iter().map(|e| view! { <li>{e.reason().pick(prefs.lang.get()).to_string()}</li> }).collect_view()}</ul>
            </div>
        </Show>
    }
}

/// The output column. With `errors`, the children (the code) hide while
/// there are any and the [`Problems`] list (test id `testid`) shows them;
/// without, the column is the children.
#[slot]
pub struct Output {
    #[prop(optional, into)]
    errors: Option<Signal<Vec<FormError>>>,
    #[prop(optional)]
    testid: &'static str,
    children: Children,
}

/// Controls above the output (the code's flavour).
#[slot]
pub struct Toolbar {
    children: Children,
}

/// A generator tab: `children` are the form's fields.
#[component]
pub fn GeneratorPanel(
    /// Translation keys of the heading and the intro under it.
    title: &'static str,
    intro: &'static str,
    /// Translation keys of the bullets under the form.
    #[prop(optional)]
    bullets: &'static [&'static str],
    output: Output,
    #[prop(optional)] toolbar: Option<Toolbar>,
    children: Children,
) -> impl IntoView {
    let bullets = (!bullets.is_empty()).then(|| {
        view! { <ul class="snip-bullets">{bullets.iter().map(|&key| view! { <li>{tr(key)}</li> }).collect_view()}</ul> }
    });
    let Output { errors, testid, children: code } = output;
    let code = match errors {
        Some(errors) => view! {
            <Problems errors=errors testid=testid/>
            <div hidden=move || errors.with(|e| !e.is_empty())>{code()}</div>
        }
        .into_any(),
        None => code().into_any(),
    };
    view! {
        <h2>{tr(title)}</h2>
        <p class="muted">{tr(intro)}</p>
        <div class="snip-split">
            <form class="snip-card snip-form" on:submit=|ev| ev.prevent_default()>
                {children()}
                {bullets}
            </form>
            <div class="snip-output">
                {toolbar.map(|t| (t.children)())}
                {code}
            </div>
        </div>
    }
}
