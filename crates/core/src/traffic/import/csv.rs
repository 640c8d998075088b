//! CSV records, one per line (RFC 4180 quoting; a quoted field may hold
//! commas and doubled quotes, not line breaks), read with a line-length
//! limit, and a header that names its columns.

use super::{ImportError, MAX_CSV_LINE_BYTES};
use crate::io::{Line, LineSplitter};
use crate::text::Text;
use std::io::Read;

/// Splits one record into its fields; `None` if a quote is left open.
pub(crate) fn split(line: &str) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    let mut at_start = true;
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
        } else if c == '"' && at_start {
            quoted = true;
            at_start = false;
        } else if c == ',' {
            fields.push(std::mem::take(&mut field));
            at_start = true;
        } else {
            field.push(c);
            at_start = false;
        }
    }
    if quoted {
        return None;
    }
    fields.push(field);
    Some(fields)
}

/// A header's column names, normalised: lower case, without a unit or zone
/// suffix in brackets (the portal writes `TimeGenerated [UTC]`).
pub(crate) fn normalise(name: &str) -> String {
    let name = name.trim().trim_matches('"');
    let name = name.split(" [").next().unwrap_or(name);
    name.trim().to_ascii_lowercase()
}

/// What a record is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Record {
    Header,
    Row(u64),
}

/// Calls `on(record, fields)` for the header, then for every row (with its
/// line number), reading `input` in pieces of 256 KiB. Stops at the first
/// error.
pub(crate) fn read(
    file: &str,
    input: &mut dyn Read,
    mut on: impl FnMut(Record, &[String]) -> Result<(), ImportError>,
) -> Result<(), ImportError> {
    let mut splitter = LineSplitter::with_limit(MAX_CSV_LINE_BYTES);
    let mut result = Ok(());
    let mut seen_header = false;
    let failed = std::cell::Cell::new(false);
    let mut on_line = |line: Line<'_>| {
        if result.is_err() {
            return;
        }
        result = (|| match line {
            Line::Bom => Ok(()),
            Line::TooLong(l) => Err(ImportError::new(
                file,
                Text::new(
                    format!("the line has {} bytes; a row may have at most {MAX_CSV_LINE_BYTES}", l.len),
                    format!("줄이 {}바이트입니다. 한 행은 최대 {MAX_CSV_LINE_BYTES}바이트입니다", l.len),
                ),
            )
            .at(l.number)),
            Line::Line(l) => {
                if l.bytes.iter().all(u8::is_ascii_whitespace) {
                    return Ok(());
                }
                let text = std::str::from_utf8(l.bytes).map_err(|_| {
                    ImportError::new(file, Text::new("the line is not UTF-8 text", "줄이 UTF-8 텍스트가 아닙니다")).at(l.number)
                })?;
                let fields = split(text).ok_or_else(|| {
                    ImportError::new(
                        file,
                        Text::new("a quoted field is not closed on this line", "따옴표로 묶은 필드가 이 줄에서 닫히지 않습니다"),
                    )
                    .at(l.number)
                })?;
                if !seen_header {
                    seen_header = true;
                    return on(Record::Header, &fields).map_err(|e| if e.line.is_none() { e.at(l.number) } else { e });
                }
                on(Record::Row(l.number), &fields)
            }
        })();
        failed.set(result.is_err());
    };
    let mut chunk = vec![0; 256 << 10];
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(super::io_error(file, &e)),
        };
        splitter.feed_lines(&chunk[..n], &mut on_line);
        if failed.get() {
            break;
        }
    }
    if !failed.get() {
        splitter.finish_lines(&mut on_line);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_quoted_fields() {
        assert_eq!(split("a,\"b,c\",\"d \"\"e\"\"\",").unwrap(), ["a", "b,c", "d \"e\"", ""]);
        assert_eq!(split("x").unwrap(), ["x"]);
        assert_eq!(split("\"open,"), None);
        assert_eq!(normalise(" \"TimeGenerated [UTC]\" "), "timegenerated");
    }
}
