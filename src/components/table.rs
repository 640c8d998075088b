//! A data table in a horizontally scrolling wrapper: translated column
//! headers (numbers right-aligned), rows from the page.

use crate::prefs::tr;
use leptos::prelude::*;

/// A column: its header's translation key, and whether it holds numbers.
pub type Column = (&'static str, bool);

#[component]
pub fn DataTable(
    columns: &'static [Column],
    #[prop(optional)] class: Option<&'static str>,
    #[prop(optional)] testid: Option<&'static str>,
    /// The `<tr>`s.
    children: Children,
) -> impl IntoView {
    view! {
        <div class="table-wrap">
            <table class=class data-testid=testid>
                <thead>
                    <tr>
                        {columns
                            .iter()
                            .map(|&(key, numeric)| view! { <th scope="col" class=numeric.then_some("num")>{tr(key)}</th> })
                            .collect_view()}
                    </tr>
                </thead>
                <tbody>{children()}</tbody>
            </table>
        </div>
    }
}
