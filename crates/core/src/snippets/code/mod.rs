//! The code generators: the queue worker (Python), the batch submission
//! scripts (Python and shell) and the APIM policy, with the quoting they
//! share (`common.rs`: user text never breaks out of its literal).

mod apim;
mod common;
mod flex;
mod submit;
mod worker;

pub use apim::{apim_policy_xml, ApimOptions, CounterKey};
pub(crate) use common::{backslash_quoted, fill, is_bidi_control, is_https_url, json_pretty};
pub use common::{py_str, sh_quote};
pub use flex::{flex_fallback_python, FlexApi, FlexOptions};
pub(crate) use submit::check_addresses;
pub use submit::{check_expiry, submit_curl, submit_python, Dialect, SubmitOptions, AZURE_BATCH_API_VERSION};
pub use worker::{worker_python, WorkerMode, WorkerOptions, DEFAULT_MODEL_DEADLINE_SECONDS, DEFAULT_MODEL_TIMEOUT_SECONDS};
