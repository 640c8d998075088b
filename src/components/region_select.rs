//! The Azure region whose Regional prices a page uses (/cost, /quota,
//! /traffic): a select over the catalog's regions (`facts::REGIONS`,
//! `armRegionName` codes; names are proper nouns) plus "not chosen", which
//! takes the catalog's `regional_price_factor.any`.

use crate::prefs::tr;
use batchlane_core::facts::REGIONS;
use leptos::prelude::*;

/// The value of "not chosen" (the same as the pages' link value).
pub const ANY: &str = "any";

#[component]
pub fn RegionSelect(
    /// The element id (the label's `for`) and test id.
    id: &'static str,
    /// The region code, or [`ANY`].
    value: Signal<String>,
    on_change: Callback<String>,
    /// The wrapper's classes (the page's field layout).
    class: &'static str,
) -> impl IntoView {
    view! {
        <div class=class>
            <label for=id>{tr("region.label")}</label>
            <select id=id data-testid=id on:change=move |ev| on_change.run(event_target_value(&ev))>
                <option value=ANY selected=move || value.get() == ANY>{tr("region.any")}</option>
                {REGIONS.iter().map(|r| {
                    let code = r.code;
                    view! { <option value=code selected=move || value.get() == code>{r.name}</option> }
                }).collect_view()}
            </select>
        </div>
    }
}
