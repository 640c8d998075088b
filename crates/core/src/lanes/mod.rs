//! Which lane: Batch, Flex, Priority, Standard or provisioned, per model,
//! region, data zone, deadline and volume (`choose`), and the batch
//! turnaround of the team's own jobs (`turnaround`). The lane tables are
//! catalog facts (`facts::lanes`); the reasons are in both languages
//! (`lanes_text`).

mod choose;
mod lanes_text;
mod report;
mod turnaround;

pub use crate::facts::{DataZone, Lane};
pub use choose::choose_lanes;
pub use report::{source_text, zone_code, LaneError, LaneInput, LaneReport, LaneRow};
pub use turnaround::{
    nearest_rank, JobReader, JobsError, Turnaround, TurnaroundGroup, TurnaroundStats, MAX_JOBS, MAX_JOB_FILES, MAX_JOB_FILE_BYTES,
    MAX_JOB_LINE_BYTES,
};
