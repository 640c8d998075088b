//! Ctrl-C during a long call. The core runs with the GIL released, so
//! Python cannot run its SIGINT handler until the call returns, and a call
//! on an endless file (`/dev/zero`, a pipe that never closes) never
//! returns. [`interruptible`] runs the core call on a thread of its own and
//! has the calling thread check for signals (`Python::check_signals`) every
//! [`POLL`]: Ctrl-C raises `KeyboardInterrupt` at once, and the core,
//! which asks its `go` callback before every chunk, stops at its next one.

use crate::errors::InternalError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the calling thread looks for a signal while the core works.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` (given the core's `go` callback) on its own thread with the
/// GIL released and returns its answer; a signal handler that raises
/// (Ctrl-C's `KeyboardInterrupt`) ends the wait with that exception and
/// tells `work` to stop. A thread blocked in a read that never returns is
/// left to end with the process.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(&(dyn Fn() -> bool + Sync)) -> PyResult<T> + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = sync_channel(1);
    // A Mutex makes the receiver shareable with `detach`'s closure (only this thread locks it).
    let rx = Mutex::new(rx);
    let flag = Arc::clone(&stop);
    std::thread::Builder::new()
        .name("batchlane".into())
        .spawn(move || {
            let go = || !flag.load(Ordering::Relaxed);
            let _ = tx.send(crate::errors::guarded(|| work(&go)));
        })
        .map_err(|e| InternalError::new_err(format!("cannot start a thread: {e}")))?;
    loop {
        match py.detach(|| rx.lock().unwrap_or_else(|p| p.into_inner()).recv_timeout(POLL)) {
            Ok(answer) => return answer,
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
            Err(RecvTimeoutError::Disconnected) => return Err(InternalError::new_err("internal error in batchlane (please report it)")),
        }
    }
}
