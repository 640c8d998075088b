//! Keyboard: 1–4 choose an option, Enter goes on. Keys typed into a field
//! or pressed with a modifier are left alone; Enter on a link or an ordinary
//! button keeps its own meaning (an option button's Enter means "go on").

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

/// Listens on the window while the calling component is mounted.
pub fn use_answer_keys(choose: impl Fn(usize) + 'static, next: impl Fn() + 'static) {
    let handle = window_event_listener(ev::keydown, move |e: KeyboardEvent| {
        if e.ctrl_key() || e.alt_key() || e.meta_key() || e.default_prevented() || e.is_composing() {
            return;
        }
        let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
        let tag = target.as_ref().map(|t| t.tag_name().to_ascii_lowercase()).unwrap_or_default();
        let editable = target.as_ref().and_then(|t| t.dyn_ref::<HtmlElement>()).is_some_and(|h| h.is_content_editable());
        if editable || matches!(tag.as_str(), "input" | "textarea" | "select") {
            return;
        }
        let key = e.key();
        match key.as_str() {
            "1" | "2" | "3" | "4" => {
                e.prevent_default();
                choose(key.parse::<usize>().unwrap_or(1) - 1);
            }
            "Enter" => {
                let on_option = target.as_ref().is_some_and(|t| t.has_attribute("data-option"));
                let interactive = matches!(tag.as_str(), "button" | "a" | "summary");
                if (interactive && !on_option) || e.repeat() {
                    return;
                }
                e.prevent_default();
                next();
            }
            _ => {}
        }
    });
    on_cleanup(move || handle.remove());
}
