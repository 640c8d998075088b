//! The app: router, layout, language and theme controls.

use crate::i18n::Lang;
use crate::pages;
use crate::prefs::{provide_prefs, set_lang, toggle_theme, tr, use_prefs, Theme};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::path;

/// The pages in menu order: path and the translation key of their label.
pub const NAV: &[(&str, &str)] = &[
    ("/", "nav.home"),
    ("/batch", "nav.batch"),
    ("/results", "nav.results"),
    ("/quota", "nav.quota"),
    ("/cost", "nav.cost"),
    ("/snippets", "nav.snippets"),
    ("/practice", "nav.practice"),
    ("/facts", "nav.facts"),
];

#[component]
pub fn App() -> impl IntoView {
    provide_prefs();
    view! {
        <Router>
            <a class="skip-link" href="#main">{tr("skip.main")}</a>
            <Header/>
            <crate::components::update_banner::UpdateBanner/>
            <main id="main" tabindex="-1">
                <Routes fallback=pages::not_found::NotFound>
                    <Route path=path!("/") view=pages::home::Home/>
                    <Route path=path!("/batch") view=pages::batch::BatchPage/>
                    <Route path=path!("/results") view=pages::results::ResultsPage/>
                    <Route path=path!("/quota") view=pages::quota::QuotaPage/>
                    <Route path=path!("/cost") view=pages::cost::CostPage/>
                    <Route path=path!("/snippets") view=pages::snippets::SnippetsPage/>
                    <Route path=path!("/practice") view=pages::practice::PracticePage/>
                    <Route path=path!("/facts") view=pages::facts::FactsPage/>
                </Routes>
            </main>
            <Footer/>
        </Router>
    }
}

#[component]
fn Header() -> impl IntoView {
    view! {
        <header class="site-header">
            <div class="site-header__bar">
                <A href="/" attr:class="brand">
                    <span class="brand__mark" aria-hidden="true">"▦"</span>
                    <span class="brand__name">{tr("app.name")}</span>
                </A>
                <div class="site-header__controls">
                    <LangToggle/>
                    <ThemeToggle/>
                </div>
            </div>
            <nav class="site-nav" aria-label=tr("nav.label")>
                <ul>
                    {NAV
                        .iter()
                        .map(|(href, key)| {
                            let key: &'static str = key;
                            view! {
                                <li>
                                    <A href=*href exact=true>{tr(key)}</A>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </nav>
        </header>
    }
}

#[component]
fn LangToggle() -> impl IntoView {
    let prefs = use_prefs();
    let other = move || match prefs.lang.get() {
        Lang::En => Lang::Ko,
        Lang::Ko => Lang::En,
    };
    view! {
        <button
            type="button"
            class="toggle"
            data-testid="lang-toggle"
            title=tr("lang.switch_title")
            aria-label=tr("lang.switch_title")
            on:click=move |_| set_lang(other())
        >
            <span class="toggle__icon" aria-hidden="true">"文"</span>
            <span lang=move || other().tag()>{tr("lang.switch")}</span>
        </button>
    }
}

#[component]
fn ThemeToggle() -> impl IntoView {
    let prefs = use_prefs();
    let label = move || match prefs.theme.get() {
        Theme::Light => tr("theme.to_dark")(),
        Theme::Dark => tr("theme.to_light")(),
    };
    view! {
        <button
            type="button"
            class="toggle"
            data-testid="theme-toggle"
            title=tr("theme.switch_title")
            aria-label=tr("theme.switch_title")
            aria-pressed=move || (prefs.theme.get() == Theme::Dark).to_string()
            on:click=move |_| toggle_theme(prefs)
        >
            <span class="toggle__icon" aria-hidden="true">{move || match prefs.theme.get() {
                Theme::Light => "☾",
                Theme::Dark => "☀",
            }}</span>
            <span>{label}</span>
        </button>
    }
}

#[component]
fn Footer() -> impl IntoView {
    view! {
        <footer class="site-footer">
            <p>{tr("footer.local")}</p>
            <p>
                {tr("footer.facts")}" "
                <A href="/facts">{tr("nav.facts")}</A>
            </p>
        </footer>
    }
}
