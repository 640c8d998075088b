//! The Web Worker entry: heavy work (reading and checking big files, token
//! counting) runs here, never on the UI thread.

fn main() {
    batchlane::worker::start();
}
