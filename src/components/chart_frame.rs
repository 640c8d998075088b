//! The frame every inline-SVG chart shares: an `<svg role="img">` sized by
//! its viewBox to the container's width, named for screen readers
//! (`aria-label`) and on hover (`<title>`). No external resources and no
//! inline styles: the marks inside take their colours from CSS classes.

use leptos::prelude::*;

/// A chart drawn as wide as the box it sits in: `draw` gets the box's width
/// in CSS pixels (measured once mounted and again when the window is
/// resized) and makes its viewBox that wide, so labels keep their set size.
/// A fixed 640-wide viewBox shown 311 px wide on a phone draws 11 px labels
/// at 5 px; this one draws them at 11. Nothing is drawn before the first
/// measurement (the next frame).
pub fn fit_width<F, V>(class: &'static str, draw: F) -> impl IntoView
where
    F: Fn(f64) -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let node = NodeRef::<leptos::html::Div>::new();
    let width = RwSignal::new(None::<f64>);
    let measure = move || {
        let Some(el) = node.get_untracked() else { return };
        let w = f64::from(el.client_width());
        if w > 0.0 {
            // Whole 8 px steps: a scrollbar coming and going doesn't redraw.
            let w = (w / 8.0).floor().max(1.0) * 8.0;
            if width.get_untracked() != Some(w) {
                width.set(Some(w));
            }
        }
    };
    Effect::new(move |_| {
        if node.get().is_some() {
            measure();
        }
    });
    let handle = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || handle.remove());
    view! { <div class=class node_ref=node>{move || width.get().map(&draw)}</div> }
}

#[component]
pub fn ChartSvg(
    /// The viewBox's width and height.
    width: f64,
    height: f64,
    /// What the chart shows, in a sentence (the `<title>`).
    #[prop(into)]
    title: Signal<String>,
    /// The accessible name when it should say more than the title.
    #[prop(into, optional)]
    aria: Option<Signal<String>>,
    #[prop(optional)] class: Option<&'static str>,
    #[prop(optional)] testid: Option<&'static str>,
    /// `preserveAspectRatio`, when not the browser's default.
    #[prop(optional)]
    aspect: Option<&'static str>,
    /// Drawn at the viewBox's size instead of the container's width.
    #[prop(optional)]
    natural_size: bool,
    children: Children,
) -> impl IntoView {
    let aria = aria.unwrap_or(title);
    view! {
        <svg
            class=class
            data-testid=testid
            viewBox=format!("0 0 {width} {height}")
            width=if natural_size { width.to_string() } else { "100%".to_string() }
            height=natural_size.then(|| height.to_string())
            role="img"
            aria-label=move || aria.get()
            preserveAspectRatio=aspect
        >
            <title>{move || title.get()}</title>
            {children()}
        </svg>
    }
}

/// Where a chart's plot area sits in its viewBox: the viewBox's size and
/// the margins left for ticks and labels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plot {
    pub width: f64,
    pub height: f64,
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
}

impl Plot {
    /// The plot area's right edge.
    pub const fn right_edge(&self) -> f64 {
        self.width - self.right
    }

    /// The x axis's height (the plot area's bottom edge).
    pub const fn baseline(&self) -> f64 {
        self.height - self.bottom
    }

    /// Where `v` of an axis running from 0 to `max` falls, left to right.
    pub fn x(&self, v: f64, max: f64) -> f64 {
        self.left + v / max * (self.right_edge() - self.left)
    }

    /// Where `v` of an axis running from 0 to `max` falls, bottom to top.
    pub fn y(&self, v: f64, max: f64) -> f64 {
        self.baseline() - v / max * (self.baseline() - self.top)
    }

    /// The x and y axis lines.
    pub fn axes(self) -> impl IntoView {
        view! {
            <line class="chart-axis" x1=self.left x2=self.right_edge() y1=self.baseline() y2=self.baseline()/>
            <line class="chart-axis" x1=self.left x2=self.left y1=self.top y2=self.baseline()/>
        }
    }
}

/// Rows of horizontal bars: a label column, the bars, a value column; rows
/// `row_h` apart below `top`, each bar `bar_h` high.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BarRows {
    pub label_w: f64,
    pub bar_w: f64,
    pub value_w: f64,
    pub row_h: f64,
    pub bar_h: f64,
    pub top: f64,
}

impl BarRows {
    /// The viewBox's width.
    pub const fn width(&self) -> f64 {
        self.label_w + self.bar_w + self.value_w
    }

    /// The top of row `i`.
    pub fn row_y(&self, i: usize) -> f64 {
        self.top + i as f64 * self.row_h
    }

    /// The viewBox's height for `rows` rows and `pad` below the last.
    pub fn height(&self, rows: usize, pad: f64) -> f64 {
        self.row_y(rows) + pad
    }
}
