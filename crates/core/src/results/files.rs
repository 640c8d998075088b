//! "What each additional file would add": given the files present, the
//! ones missing and what each would add. The UI translates the enums.

use super::FileKind;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FilesPresent {
    pub output: bool,
    pub errors: bool,
    pub input: bool,
    pub job: bool,
}

/// What a file adds to the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FileGain {
    /// The requests that got an answer, with their usage and cost.
    Answers,
    /// The failed requests (HTTP errors, expired, cancelled, timed out): OpenAI writes them only to the error file.
    Failures,
    /// Requests in the input that are in neither result file.
    MissingRequests,
    /// custom_ids in a result file that are not in the input.
    UnexpectedRequests,
    /// The retry file: it is built from the original input lines.
    RetryFile,
    /// Grouping by a field of `body.metadata` (it is only in the input).
    MetadataGrouping,
    /// The job's status, error codes and progress.
    JobStatus,
    /// Time left before the job expires and the date the output file is deleted.
    Deadlines,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileAdvice {
    pub file: FileKind,
    pub adds: Vec<FileGain>,
}

/// The files not given and what each would add, in the page's order.
pub fn what_more_files_add(present: FilesPresent) -> Vec<FileAdvice> {
    let mut out = Vec::new();
    let mut add = |given: bool, file, adds: &[FileGain]| {
        if !given {
            out.push(FileAdvice { file, adds: adds.to_vec() });
        }
    };
    use FileGain::*;
    add(present.output, FileKind::Output, &[Answers]);
    add(present.errors, FileKind::Errors, &[Failures]);
    add(present.input, FileKind::Input, &[MissingRequests, UnexpectedRequests, RetryFile, MetadataGrouping]);
    add(present.job, FileKind::Job, &[JobStatus, Deadlines]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_missing_files_are_listed() {
        let advice = what_more_files_add(FilesPresent { output: true, errors: true, input: false, job: false });
        assert_eq!(advice.len(), 2);
        assert_eq!(advice[0].file, FileKind::Input);
        assert!(advice[0].adds.contains(&FileGain::RetryFile));
        assert_eq!(advice[1].adds, vec![FileGain::JobStatus, FileGain::Deadlines]);
        assert!(what_more_files_add(FilesPresent { output: true, errors: true, input: true, job: true }).is_empty());
    }
}
