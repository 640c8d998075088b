//! The catalog's as-of date, on every page that uses figures; when it is
//! more than `facts::CATALOG_STALE_DAYS` older than the user's clock, a
//! quiet note says newer vendor figures may exist and links to the import
//! on /facts.

use crate::components::local_time::format_date;
use crate::i18n::{fill, t};
use crate::prefs::use_prefs;
use batchlane_core::facts::{catalog_age_days, CATALOG_STALE_DAYS};
use leptos::prelude::*;

/// The user's local date, `YYYY-MM-DD`.
fn today() -> String {
    let d = js_sys::Date::new_0();
    format!("{:04}-{:02}-{:02}", d.get_full_year(), d.get_month() + 1, d.get_date())
}

#[component]
pub fn CatalogAge() -> impl IntoView {
    let prefs = use_prefs();
    let as_of = Memo::new(move |_| prefs.catalog.with(|c| c.as_of()));
    let today = today();
    let stale = move || catalog_age_days(&as_of.get(), &today).is_some_and(|d| d > CATALOG_STALE_DAYS);
    view! {
        <p class="catalog-age muted" data-testid="catalog-age" data-as-of=move || as_of.get()>
            {move || {
                let lang = prefs.lang.get();
                fill(t(lang, "catalog.as_of"), &[("date", &format_date(lang, &as_of.get()))])
            }}
            <Show when=stale>
                " "
                <span class="catalog-age__stale" data-testid="catalog-stale">
                    {move || fill(t(prefs.lang.get(), "catalog.stale"), &[("days", &CATALOG_STALE_DAYS.to_string())])}
                    " "
                    <a href="/facts#facts-vendor">{move || t(prefs.lang.get(), "catalog.stale.link")}</a>
                </span>
            </Show>
        </p>
    }
}
