//! The browser app's entry: mounts the app, nothing else.

fn main() {
    batchlane::start();
}
