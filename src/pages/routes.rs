//! The routes of the pages a first visit to `/` does not paint.
//!
//! Each page other than Home is a [`LazyRoute`]. With the `split` feature
//! (the release build: `data-cargo-features="split"` in index.html) its view
//! is `#[lazy_route]`: the page's code is a split point, and the post-build
//! step `tools/wasm-split.mjs` moves it out of the app's wasm into a chunk
//! that is fetched the first time the page is shown. Without the feature
//! (tests, clippy, the host) the same routes render their page directly,
//! so the router takes the same path in both.

use leptos::prelude::*;
#[cfg(feature = "split")]
use leptos_router::lazy_route;
use leptos_router::LazyRoute;

macro_rules! page_route {
    ($(#[$doc:meta])* $route:ident => $page:path) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $route;

        #[cfg(feature = "split")]
        #[lazy_route]
        impl LazyRoute for $route {
            fn data() -> Self {
                $route
            }
            fn view(_this: Self) -> AnyView {
                view! { <$page/> }.into_any()
            }
        }

        #[cfg(not(feature = "split"))]
        impl LazyRoute for $route {
            fn data() -> Self {
                $route
            }
            async fn view(_this: Self) -> AnyView {
                view! { <$page/> }.into_any()
            }
        }
    };
}

page_route!(/// `/batch`
    BatchRoute => super::batch::BatchPage);
page_route!(/// `/results`
    ResultsRoute => super::results::ResultsPage);
page_route!(/// `/traffic`
    TrafficRoute => super::traffic::TrafficPage);
page_route!(/// `/lanes`
    LanesRoute => super::lanes::LanesPage);
page_route!(/// `/quota`
    QuotaRoute => super::quota::QuotaPage);
page_route!(/// `/cost`
    CostRoute => super::cost::CostPage);
page_route!(/// `/snippets`
    SnippetsRoute => super::snippets::SnippetsPage);
page_route!(/// `/practice`
    PracticeRoute => super::practice::PracticePage);
page_route!(/// `/facts`
    FactsRoute => super::facts::FactsPage);
