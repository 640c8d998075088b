//! The app: router, layout, language and theme controls.

use crate::components::notice::{provide_notice, Notice};
use crate::i18n::Lang;
use crate::pages;
use crate::pages::routes::{
    BatchRoute, CostRoute, FactsRoute, LanesRoute, PracticeRoute, QuotaRoute, ResultsRoute, SnippetsRoute, TrafficRoute,
};
use crate::prefs::{provide_prefs, set_lang, toggle_theme, tr, use_prefs, Theme};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::{path, Lazy};

/// The pages in menu order: path and the translation key of their label.
pub const NAV: &[(&str, &str)] = &[
    ("/", "nav.home"),
    ("/batch", "nav.batch"),
    ("/results", "nav.results"),
    ("/traffic", "nav.traffic"),
    ("/quota", "nav.quota"),
    ("/lanes", "nav.lanes"),
    ("/cost", "nav.cost"),
    ("/snippets", "nav.snippets"),
    ("/practice", "nav.practice"),
    ("/facts", "nav.facts"),
];

#[component]
pub fn App() -> impl IntoView {
    provide_prefs();
    provide_notice();
    view! {
        <Router>
            <a class="skip-link" href="#main">{tr("skip.main")}</a>
            <Header/>
            <crate::components::update_banner::UpdateBanner/>
            <main id="main" tabindex="-1">
                <Notice/>
                <Routes fallback=pages::not_found::NotFound>
                    <Route path=path!("/") view=pages::home::Home/>
                    <Route path=path!("/batch") view={Lazy::<BatchRoute>::new()}/>
                    <Route path=path!("/results") view={Lazy::<ResultsRoute>::new()}/>
                    <Route path=path!("/traffic") view={Lazy::<TrafficRoute>::new()}/>
                    <Route path=path!("/quota") view={Lazy::<QuotaRoute>::new()}/>
                    <Route path=path!("/lanes") view={Lazy::<LanesRoute>::new()}/>
                    <Route path=path!("/cost") view={Lazy::<CostRoute>::new()}/>
                    <Route path=path!("/snippets") view={Lazy::<SnippetsRoute>::new()}/>
                    <Route path=path!("/practice") view={Lazy::<PracticeRoute>::new()}/>
                    <Route path=path!("/facts") view={Lazy::<FactsRoute>::new()}/>
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

/// A header button that flips a preference: an icon, a label, a tooltip.
#[component]
fn Toggle(
    testid: &'static str,
    /// Translation key of the tooltip (the accessible description; the
    /// visible label is the accessible name, so the two never differ:
    /// WCAG 2.1 label-in-name).
    title: &'static str,
    #[prop(into)] icon: Signal<&'static str>,
    /// `aria-pressed`, for an on/off toggle.
    #[prop(into, optional)]
    pressed: Option<Signal<bool>>,
    on_toggle: Callback<()>,
    children: Children,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="toggle"
            data-testid=testid
            title=tr(title)
            aria-pressed=move || pressed.map(|p| p.get().to_string())
            on:click=move |_| on_toggle.run(())
        >
            <span class="toggle__icon" aria-hidden="true">{move || icon.get()}</span>
            {children()}
        </button>
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
        <Toggle testid="lang-toggle" title="lang.switch_title" icon="文" on_toggle=Callback::new(move |()| set_lang(other()))>
            <span lang=move || other().tag()>{tr("lang.switch")}</span>
        </Toggle>
    }
}

#[component]
fn ThemeToggle() -> impl IntoView {
    let prefs = use_prefs();
    let dark = move || prefs.theme.get() == Theme::Dark;
    let label = move || if dark() { tr("theme.to_light")() } else { tr("theme.to_dark")() };
    view! {
        <Toggle
            testid="theme-toggle"
            title="theme.switch_title"
            icon=Signal::derive(move || if dark() { "☀" } else { "☾" })
            pressed=Signal::derive(dark)
            on_toggle=Callback::new(move |()| toggle_theme(prefs))
        >
            <span>{label}</span>
        </Toggle>
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
