//! The user's preferences: language, theme and figure overrides, kept in
//! localStorage (`crate::storage`) and shared through context.

use crate::i18n::{t, Lang};
use crate::storage::{load_json, save_json};
use batchlane_core::facts::Catalog;
use leptos::prelude::*;

const LANG_KEY: &str = "batchlane.lang";
const THEME_KEY: &str = "batchlane.theme";
const CATALOG_KEY: &str = "batchlane.catalog";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn from_name(name: &str) -> Option<Theme> {
        match name {
            "light" => Some(Theme::Light),
            "dark" => Some(Theme::Dark),
            _ => None,
        }
    }
}

#[derive(Clone, Copy)]
pub struct Prefs {
    pub lang: RwSignal<Lang>,
    pub theme: RwSignal<Theme>,
    pub catalog: RwSignal<Catalog>,
}

fn system_theme() -> Theme {
    let dark = web_sys::window().and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten()).is_some_and(|m| m.matches());
    if dark {
        Theme::Dark
    } else {
        Theme::Light
    }
}

fn browser_lang() -> Lang {
    let tag = web_sys::window().and_then(|w| w.navigator().language()).unwrap_or_default();
    Lang::from_browser(&tag)
}

/// Reads the stored preferences (or the browser's), provides them as
/// context, and keeps `<html lang>`, `<html data-theme>` and localStorage in
/// step with them.
pub fn provide_prefs() -> Prefs {
    let stored_lang = load_json::<String>(LANG_KEY).and_then(|s| Lang::from_tag(&s));
    let stored_theme = load_json::<String>(THEME_KEY).and_then(|s| Theme::from_name(&s));
    let catalog = load_json::<Catalog>(CATALOG_KEY).unwrap_or_default();
    let prefs = Prefs {
        lang: RwSignal::new(stored_lang.unwrap_or_else(browser_lang)),
        theme: RwSignal::new(stored_theme.unwrap_or_else(system_theme)),
        catalog: RwSignal::new(catalog),
    };
    let root = document().document_element();
    Effect::new(move |_| {
        let lang = prefs.lang.get();
        if let Some(root) = &root {
            let _ = root.set_attribute("lang", lang.tag());
        }
        document().set_title(&format!("{} — {}", t(lang, "app.name"), t(lang, "app.tagline")));
    });
    let root = document().document_element();
    Effect::new(move |_| {
        if let Some(root) = &root {
            let _ = root.set_attribute("data-theme", prefs.theme.get().name());
        }
    });
    Effect::new(move |_| {
        let catalog = prefs.catalog.get();
        save_json(CATALOG_KEY, &catalog);
    });
    provide_context(prefs);
    prefs
}

pub fn use_prefs() -> Prefs {
    expect_context::<Prefs>()
}

pub fn set_lang(lang: Lang) {
    use_prefs().lang.set(lang);
    save_json(LANG_KEY, &lang.tag());
}

pub fn toggle_theme(prefs: Prefs) {
    let next = match prefs.theme.get_untracked() {
        Theme::Light => Theme::Dark,
        Theme::Dark => Theme::Light,
    };
    prefs.theme.set(next);
    save_json(THEME_KEY, &next.name());
}

/// A reactive translated string: renders `key` in the current language.
pub fn tr(key: &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_prefs().lang;
    move || t(lang.get(), key)
}
