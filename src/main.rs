//! The browser app's entry: mounts the app, nothing else.

#[cfg(target_arch = "wasm32")]
fn main() {
    batchlane::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in the browser: build it with `./dev serve`; the command line is `batchlane`");
    std::process::exit(2);
}
