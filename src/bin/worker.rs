//! The Web Worker entry: heavy work (reading and checking big files, token
//! counting) runs here, never on the UI thread.

#[cfg(target_arch = "wasm32")]
fn main() {
    batchlane::ui::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser");
    std::process::exit(2);
}
