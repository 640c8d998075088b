//! A /cost link's price overrides (`f.<fact>=value`): listed one by one,
//! with the user's own figure beside each, and written into the user's
//! catalog (which every page reads) only when confirmed here, apart from
//! the link banner's "Keep", which keeps the comparison.

use crate::i18n::{fill, t};
use crate::prefs::{tr, use_prefs};
use batchlane_core::facts::{builtin_by_id, Catalog};
use batchlane_core::format::number;
use leptos::prelude::*;

/// The user's figure for fact `id` (their override, else the catalog's).
fn mine(c: &Catalog, id: &str) -> Option<f64> {
    c.overrides().get(id).copied().or_else(|| builtin_by_id(id).map(|f| f.value))
}

/// `pending`: the link's prices not yet saved or dropped (empty: no banner).
/// `on_save` writes them into the user's catalog; `on_drop` prices the page
/// with the user's catalog again.
#[component]
pub fn LinkPrices(pending: RwSignal<Vec<(String, f64)>>, on_save: Callback<()>, on_drop: Callback<()>) -> impl IntoView {
    let prefs = use_prefs();
    let confirming = RwSignal::new(false);
    let rows = move || {
        let lang = prefs.lang.get();
        pending.with(|p| {
            p.iter()
                .map(|(id, v)| {
                    let yours = prefs.catalog.with(|c| mine(c, id)).map(|x| number(x, lang, 4)).unwrap_or_else(|| "—".into());
                    let text = fill(t(lang, "cost.link_prices.row"), &[("value", &number(*v, lang, 4)), ("yours", &yours)]);
                    view! {
                        <li data-testid="cost-link-price" data-fact=id.clone()>
                            <code>{id.clone()}</code>" = "<strong>{number(*v, lang, 4)}</strong>" "<span class="muted">{text}</span>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <Show when=move || pending.with(|p| !p.is_empty())>
            <div class="note note--warn link-prices" role="region" aria-labelledby="cost-link-prices-h" data-testid="cost-link-prices">
                <p id="cost-link-prices-h"><strong>{tr("cost.link_prices.title")}</strong></p>
                <p>{tr("cost.link_prices.intro")}</p>
                <ul class="link-prices__list">{rows}</ul>
                <Show
                    when=move || confirming.get()
                    fallback=move || view! {
                        <p class="link-prices__actions">
                            <button type="button" class="button button--small" data-testid="cost-link-prices-save" on:click=move |_| confirming.set(true)>
                                {tr("cost.link_prices.save")}
                            </button>
                            " "
                            <button type="button" class="button button--small" data-testid="cost-link-prices-drop" on:click=move |_| on_drop.run(())>
                                {tr("cost.link_prices.drop")}
                            </button>
                        </p>
                    }
                >
                    <p class="link-prices__confirm" role="alert" data-testid="cost-link-prices-confirm-text">{tr("cost.link_prices.confirm_q")}</p>
                    <p class="link-prices__actions">
                        <button type="button" class="button button--small button--primary" data-testid="cost-link-prices-confirm" on:click=move |_| { confirming.set(false); on_save.run(()); }>
                            {tr("cost.link_prices.confirm")}
                        </button>
                        " "
                        <button type="button" class="button button--small" data-testid="cost-link-prices-cancel" on:click=move |_| confirming.set(false)>
                            {tr("cost.link_prices.cancel")}
                        </button>
                    </p>
                </Show>
            </div>
        </Show>
    }
}
