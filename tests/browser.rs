//! wasm-bindgen-test in headless Chromium: the app mounts, the language
//! toggle switches strings, navigation renders each page.
//! Run: `CHROMEDRIVER=$(which chromedriver) cargo test --target wasm32-unknown-unknown --test browser`.
#![cfg(target_arch = "wasm32")]

use batchlane::app::{App, NAV};
use batchlane::i18n::{t, Lang};
use gloo::timers::future::TimeoutFuture;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Lets effects and the router settle.
async fn settle() {
    TimeoutFuture::new(30).await;
}

/// Mounts the app once for the whole test binary (the router listens on
/// the window, so one live app keeps tests from stepping on each other), at
/// "/" in English; tests then move it the way a person would.
fn app() {
    thread_local!(static MOUNTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if MOUNTED.with(|m| m.replace(true)) {
        return;
    }
    let window = web_sys::window().unwrap();
    window.local_storage().unwrap().unwrap().set_item("batchlane.lang", "\"en\"").unwrap();
    window.history().unwrap().replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some("/")).unwrap();
    leptos::mount::mount_to_body(App);
}

/// Follows a link to `path`, as a click on an anchor would.
async fn go(path: &str) {
    let a: web_sys::HtmlElement = document().create_element("a").unwrap().unchecked_into();
    a.set_attribute("href", path).unwrap();
    document().body().unwrap().append_child(&a).unwrap();
    a.click();
    a.remove();
    settle().await;
}

/// Puts the app in `lang` with the header's toggle.
async fn use_lang(lang: Lang) {
    let current = document().document_element().unwrap().get_attribute("lang");
    if current.as_deref() != Some(lang.tag()) {
        click("[data-testid=lang-toggle]");
        settle().await;
    }
}

fn text_of(selector: &str) -> String {
    document()
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

fn click(selector: &str) {
    let el: web_sys::HtmlElement =
        document().query_selector(selector).unwrap().unwrap_or_else(|| panic!("no element matches {selector}")).unchecked_into();
    el.click();
}

#[wasm_bindgen_test]
async fn app_mounts_with_landmarks_and_home() {
    app();
    settle().await;
    go("/").await;
    use_lang(Lang::En).await;
    for landmark in ["header", "nav", "main", "footer"] {
        assert!(document().query_selector(landmark).unwrap().is_some(), "no <{landmark}>");
    }
    assert!(document().query_selector("[data-testid=page-home]").unwrap().is_some());
    assert_eq!(text_of("main h1"), t(Lang::En, "page.home.title"));
    assert_eq!(document().document_element().unwrap().get_attribute("lang").as_deref(), Some("en"));
}

#[wasm_bindgen_test]
async fn language_toggle_switches_strings_and_persists() {
    app();
    settle().await;
    go("/").await;
    use_lang(Lang::En).await;
    assert_eq!(text_of("main h1"), t(Lang::En, "page.home.title"));
    click("[data-testid=lang-toggle]");
    settle().await;
    assert_eq!(text_of("main h1"), t(Lang::Ko, "page.home.title"));
    assert!(text_of("nav").contains(t(Lang::Ko, "nav.batch")));
    assert_eq!(document().document_element().unwrap().get_attribute("lang").as_deref(), Some("ko"));
    let stored = web_sys::window().unwrap().local_storage().unwrap().unwrap().get_item("batchlane.lang").unwrap();
    assert_eq!(stored.as_deref(), Some("\"ko\""));
    click("[data-testid=lang-toggle]");
    settle().await;
    assert_eq!(text_of("main h1"), t(Lang::En, "page.home.title"));
}

#[wasm_bindgen_test]
async fn navigation_renders_each_page() {
    app();
    settle().await;
    use_lang(Lang::En).await;
    go("/facts").await;
    for (path, key) in NAV {
        click(&format!("nav a[href=\"{path}\"]"));
        settle().await;
        let location = web_sys::window().unwrap().location().pathname().unwrap();
        assert_eq!(&location, path);
        let nav_label = t(Lang::En, key);
        assert_eq!(text_of("nav a[aria-current=page]"), nav_label, "on {path}");
        let title_key = match *path {
            "/" => "page.home.title".to_string(),
            p => format!("page.{}.title", &p[1..]),
        };
        let expected = batchlane::i18n::lookup(Lang::En, &title_key).unwrap();
        assert_eq!(text_of("main h1"), expected, "on {path}");
    }
}

#[wasm_bindgen_test]
async fn theme_toggle_flips_the_root_attribute() {
    app();
    settle().await;
    let root = document().document_element().unwrap();
    let before = root.get_attribute("data-theme").unwrap();
    click("[data-testid=theme-toggle]");
    settle().await;
    let after = root.get_attribute("data-theme").unwrap();
    assert_ne!(before, after);
    assert!(["light", "dark"].contains(&after.as_str()));
}

#[wasm_bindgen_test]
async fn unknown_address_says_not_found() {
    app();
    settle().await;
    use_lang(Lang::En).await;
    go("/no-such-page").await;
    assert_eq!(text_of("main h1"), t(Lang::En, "page.notfound.title"));
}
