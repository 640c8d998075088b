//! An area that takes dropped files: it highlights while a file is dragged
//! over it (`{class}--over`) and hands the dropped files on. What it holds
//! (pickers, hints) comes from the page.

use leptos::prelude::*;

/// Every file in a list (a drop's or a picker's).
pub fn files_of(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    list.map(|l| (0..l.length()).filter_map(|i| l.get(i)).collect()).unwrap_or_default()
}

/// The files picked in an `<input type="file">`'s change event; the input is
/// cleared so that picking the same file again fires `change` again.
pub fn picked_files(ev: &leptos::ev::Event) -> Vec<web_sys::File> {
    let input: web_sys::HtmlInputElement = event_target(ev);
    let files = files_of(input.files());
    input.set_value("");
    files
}

#[component]
pub fn DropZone(
    /// The zone's class; `{class}--over` is added while a file is over it.
    class: &'static str,
    /// Called with the dropped files (never empty).
    on_files: Callback<Vec<web_sys::File>>,
    children: Children,
) -> impl IntoView {
    let dragging = RwSignal::new(false);
    let over = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(true);
    };
    let drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        let files = files_of(ev.data_transfer().and_then(|d| d.files()));
        if !files.is_empty() {
            on_files.run(files);
        }
    };
    view! {
        <div
            class=move || if dragging.get() { format!("{class} {class}--over") } else { class.to_string() }
            on:dragover=over
            on:dragenter=over
            on:dragleave=move |_| dragging.set(false)
            on:drop=drop
        >
            {children()}
        </div>
    }
}
