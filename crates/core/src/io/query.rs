//! Query strings: percent-encoding, one `query_string`, bounded parsing,
//! and the reasons a value is refused. The typed field tables that check
//! every value a link brings, so that a share link can never start a page
//! with a value its own validator would refuse or a string of unbounded
//! length, are `link.rs`.

use crate::text::Text;
use serde::{Deserialize, Serialize};

/// Longest query string read (bytes after `?`); a longer one is refused whole.
pub const MAX_QUERY_BYTES: usize = 16 * 1024;
/// Most `key=value` pairs read from one query string.
pub const MAX_PAIRS: usize = 256;
/// Longest key read (characters).
pub const MAX_KEY_CHARS: usize = 64;
/// Longest number, enum or flag value (characters).
pub const MAX_SHORT_CHARS: usize = 40;
/// How much of a refused value a [`Rejected`] keeps to show.
pub const SHOWN_CHARS: usize = 40;

/// Query pairs, decoded, in order.
pub type Pairs = Vec<(String, String)>;

/// Why a query value (or the query) is refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reason {
    /// Longer than `max` (characters, or bytes for the whole query).
    TooLong {
        max: usize,
    },
    /// A `%` not followed by two hex digits, or bytes that are not UTF-8.
    BadEncoding,
    /// Beyond [`MAX_PAIRS`]: the rest of the query was not read.
    TooManyPairs {
        max: usize,
    },
    /// The key appears more than once (the first is kept).
    Repeated,
    NotANumber,
    NotWhole,
    TooSmall {
        min: f64,
    },
    TooLarge {
        max: f64,
    },
    /// Not one of the allowed words.
    NotOneOf {
        allowed: Vec<String>,
    },
    NotABool,
    /// Text with a control character (newline, ESC, NUL …).
    ControlCharacter,
}

fn num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        crate::format::format_count(x)
    } else {
        format!("{x}")
    }
}

impl Reason {
    /// The reason in both languages.
    pub fn text(&self) -> Text {
        match self {
            Reason::TooLong { max } => Text::new(format!("longer than {max} characters"), format!("{max}자보다 깁니다")),
            Reason::BadEncoding => Text::new("not valid percent-encoding", "퍼센트 인코딩이 잘못되었습니다"),
            Reason::TooManyPairs { max } => Text::new(
                format!("more than {max} parameters; the rest was not read"),
                format!("매개변수가 {max}개를 넘어 나머지는 읽지 않았습니다"),
            ),
            Reason::Repeated => Text::new("given more than once", "두 번 이상 주어졌습니다"),
            Reason::NotANumber => Text::new("not a number", "숫자가 아닙니다"),
            Reason::NotWhole => Text::new("not a whole number", "정수가 아닙니다"),
            Reason::TooSmall { min } => Text::new(format!("below {}", num(*min)), format!("{}보다 작습니다", num(*min))),
            Reason::TooLarge { max } => Text::new(format!("above {}", num(*max)), format!("{}보다 큽니다", num(*max))),
            Reason::NotOneOf { allowed } => {
                let list = allowed.join(", ");
                Text::new(format!("not one of: {list}"), format!("다음 중 하나가 아닙니다: {list}"))
            }
            Reason::NotABool => Text::new("not 1 or 0", "1 또는 0이 아닙니다"),
            Reason::ControlCharacter => Text::new("contains a control character", "제어 문자가 들어 있습니다"),
        }
    }
}

/// A refused query value: the key (cut to [`SHOWN_CHARS`]), the value as
/// given (cut, control characters escaped), and why — the one field-error
/// shape ([`super::FieldError`]) with the key as its field.
pub type Rejected = super::FieldError<String, Reason>;

/// A refusal of `value` under `key` (both cut to [`SHOWN_CHARS`]).
pub(crate) fn rejected(key: &str, value: &str, reason: Reason) -> Rejected {
    Rejected::new(cut(key, SHOWN_CHARS), value, reason)
}

impl super::Explain for Reason {
    fn reason(&self, _value: &str) -> Text {
        self.text()
    }
}

/// `s` cut to `max` characters, with "…" when cut.
pub fn cut(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((i, _)) => format!("{}…", &s[..i]),
    }
}

/// Percent-encodes like JavaScript's `encodeURIComponent`: ASCII letters,
/// digits and `-_.!~*'()` stay; every other byte of the UTF-8 becomes `%XX`.
pub fn encode_component(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes a query component: `%XX` to its byte, `+` to a space (as
/// `URLSearchParams` does); the bytes must be UTF-8.
pub fn decode_component(s: &str) -> Result<String, Reason> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).ok_or(Reason::BadEncoding)?;
                let byte = u8::from_str_radix(hex, 16).map_err(|_| Reason::BadEncoding)?;
                // from_str_radix accepts a leading '+': "%+1" is not hex.
                if !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
                    return Err(Reason::BadEncoding);
                }
                out.push(byte);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| Reason::BadEncoding)
}

/// The one query string writer: `k=v&k=v`, both percent-encoded, no `?`.
pub fn query_string(pairs: &[(String, String)]) -> String {
    pairs.iter().map(|(k, v)| format!("{}={}", encode_component(k), encode_component(v))).collect::<Vec<_>>().join("&")
}

/// A query string read: the pairs that decoded, and what could not be read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed {
    pub pairs: Pairs,
    pub problems: Vec<Rejected>,
}

/// Reads `search` (a leading `?` and anything from `#` on are ignored).
/// Bounded: at most [`MAX_QUERY_BYTES`] (else nothing is read), at most
/// [`MAX_PAIRS`] pairs, keys of at most [`MAX_KEY_CHARS`]. Empty pieces
/// (`&&`) are skipped; a piece without `=` has an empty value.
pub fn parse_query(search: &str) -> Parsed {
    let search = search.strip_prefix('?').unwrap_or(search);
    let search = search.split('#').next().unwrap_or_default();
    let mut parsed = Parsed::default();
    if search.len() > MAX_QUERY_BYTES {
        parsed.problems.push(rejected("?", search, Reason::TooLong { max: MAX_QUERY_BYTES }));
        return parsed;
    }
    for (i, piece) in search.split('&').filter(|p| !p.is_empty()).enumerate() {
        if i == MAX_PAIRS {
            parsed.problems.push(rejected("&", piece, Reason::TooManyPairs { max: MAX_PAIRS }));
            break;
        }
        let (k, v) = piece.split_once('=').unwrap_or((piece, ""));
        let key = match decode_component(k) {
            Ok(key) if key.chars().count() <= MAX_KEY_CHARS => key,
            Ok(key) => {
                parsed.problems.push(rejected(&key, v, Reason::TooLong { max: MAX_KEY_CHARS }));
                continue;
            }
            Err(reason) => {
                parsed.problems.push(rejected(k, v, reason));
                continue;
            }
        };
        match decode_component(v) {
            Ok(value) => parsed.pairs.push((key, value)),
            Err(reason) => parsed.problems.push(rejected(&key, v, reason)),
        }
    }
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::link::*;

    fn p(list: &[(&str, &str)]) -> Pairs {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn table() -> Table {
        Table::new(vec![
            field("n", Kind::whole(1.0, 64.0), "1"),
            field("x", Kind::number(0.0, 1.0).or_unset("unset"), "0.5"),
            field("mode", Kind::Enum(vec!["rr", "aware"]), "aware"),
            field("name", Kind::Text { max_chars: 8 }, "job"),
            field("on", Kind::Bool, "0"),
        ])
    }

    #[test]
    fn encoding_matches_encode_uri_component_and_round_trips() {
        assert_eq!(encode_component("a b&c=d#e?f/g+h"), "a%20b%26c%3Dd%23e%3Ff%2Fg%2Bh");
        assert_eq!(encode_component("-_.!~*'()"), "-_.!~*'()");
        assert_eq!(encode_component("한"), "%ED%95%9C");
        for s in ["", "a&b=c#d", "한국어 이름", "100%", "x+y", "\u{0}\n", "😀"] {
            assert_eq!(decode_component(&encode_component(s)).as_deref(), Ok(s));
        }
        assert_eq!(decode_component("a+b%20c").as_deref(), Ok("a b c"));
    }

    #[test]
    fn bad_percent_encoding_is_refused() {
        for bad in ["%", "%4", "%zz", "%+1", "%FF", "%ED%95"] {
            assert_eq!(decode_component(bad), Err(Reason::BadEncoding), "{bad}");
        }
        let parsed = parse_query("?a=%zz&b=2&%ff=1");
        assert_eq!(parsed.pairs, p(&[("b", "2")]));
        assert_eq!(
            parsed.problems.iter().map(|r| (r.field.as_str(), &r.problem)).collect::<Vec<_>>(),
            vec![("a", &Reason::BadEncoding), ("%ff", &Reason::BadEncoding)]
        );
    }

    #[test]
    fn query_string_round_trips_through_parse() {
        let pairs = p(&[("name", "R&D = #1"), ("ko", "배치 작업"), ("empty", ""), ("a.b", "x?y")]);
        let q = query_string(&pairs);
        assert!(!q.contains('#') && !q.contains(' ') && q.matches('&').count() == 3, "{q}");
        let parsed = parse_query(&format!("?{q}#frag"));
        assert_eq!(parsed.pairs, pairs);
        assert!(parsed.problems.is_empty());
    }

    #[test]
    fn parsing_is_bounded() {
        let long = format!("a={}", "x".repeat(MAX_QUERY_BYTES));
        let parsed = parse_query(&long);
        assert!(parsed.pairs.is_empty());
        assert_eq!(parsed.problems[0].problem, Reason::TooLong { max: MAX_QUERY_BYTES });
        assert!(parsed.problems[0].value.chars().count() <= SHOWN_CHARS + 1);
        let many = (0..MAX_PAIRS + 10).map(|i| format!("k{i}=1")).collect::<Vec<_>>().join("&");
        let parsed = parse_query(&many);
        assert_eq!(parsed.pairs.len(), MAX_PAIRS);
        assert_eq!(parsed.problems.len(), 1);
        assert_eq!(parsed.problems[0].problem, Reason::TooManyPairs { max: MAX_PAIRS });
        let parsed = parse_query(&format!("{}=1&ok&&", "k".repeat(MAX_KEY_CHARS + 1)));
        assert_eq!(parsed.pairs, p(&[("ok", "")]));
        assert_eq!(parsed.problems[0].problem, Reason::TooLong { max: MAX_KEY_CHARS });
    }

    #[test]
    fn every_kind_refuses_nonsense_with_a_reason() {
        let t = table();
        let d = t.decode(&p(&[("n", "65"), ("n", "2"), ("x", "NaN"), ("mode", "fast"), ("name", "a\nb"), ("on", "yes"), ("lang", "ko")]));
        let got: Vec<(&str, Reason)> = d.rejected.iter().map(|r| (r.field.as_str(), r.problem.clone())).collect();
        assert_eq!(
            got,
            vec![
                ("n", Reason::TooLarge { max: 64.0 }),
                ("n", Reason::Repeated),
                ("x", Reason::NotANumber),
                ("mode", Reason::NotOneOf { allowed: vec!["rr".into(), "aware".into()] }),
                ("name", Reason::ControlCharacter),
                ("on", Reason::NotABool),
            ]
        );
        assert!(d.pairs.is_empty());
        assert_eq!(d.unknown, vec!["lang".to_string()]);
        // Refused values keep the default.
        assert_eq!(t.complete(&d.pairs), t.defaults());
        assert_eq!(t.decode(&p(&[("n", "0")])).rejected[0].problem, Reason::TooSmall { min: 1.0 });
        assert_eq!(t.decode(&p(&[("n", "1.5")])).rejected[0].problem, Reason::NotWhole);
        assert_eq!(t.decode(&p(&[("x", "inf")])).rejected[0].problem, Reason::NotANumber);
        assert_eq!(t.decode(&p(&[("x", "1e308")])).rejected[0].problem, Reason::TooLarge { max: 1.0 });
    }

    #[test]
    fn over_long_values_are_refused_and_shown_cut() {
        let t = table();
        let d = t.decode(&p(&[("name", "abcdefghi"), ("n", &"1".repeat(41))]));
        assert_eq!(d.rejected[0].problem, Reason::TooLong { max: 8 });
        assert_eq!(d.rejected[1].problem, Reason::TooLong { max: MAX_SHORT_CHARS });
        assert_eq!(d.rejected[1].value, format!("{}…", "1".repeat(SHOWN_CHARS)));
        // Text is kept as given, spaces and all.
        assert_eq!(t.decode(&p(&[("name", " a b ")])).pairs, p(&[("name", " a b ")]));
        // Characters, not bytes: eight Hangul syllables fit.
        assert_eq!(t.decode(&p(&[("name", "가나다라마바사아")])).pairs, p(&[("name", "가나다라마바사아")]));
    }

    #[test]
    fn kept_values_round_trip_and_changed_leaves_defaults_out() {
        let t = table();
        let d = t.decode(&p(&[("on", "true"), ("x", " unset "), ("name", "R&D #1"), ("mode", "rr")]));
        assert!(d.rejected.is_empty());
        assert_eq!(d.pairs, p(&[("on", "1"), ("x", "unset"), ("name", "R&D #1"), ("mode", "rr")]));
        let all = t.complete(&d.pairs);
        assert_eq!(all, p(&[("n", "1"), ("x", "unset"), ("mode", "rr"), ("name", "R&D #1"), ("on", "1")]));
        let link = t.changed(&all);
        assert_eq!(link, p(&[("x", "unset"), ("mode", "rr"), ("name", "R&D #1"), ("on", "1")]));
        let back = t.decode(&parse_query(&query_string(&link)).pairs);
        assert_eq!(t.complete(&back.pairs), all);
        assert_eq!(t.with_default("n", "7").defaults()[0], ("n".to_string(), "7".to_string()));
    }

    proptest::proptest! {
        #[test]
        fn any_query_parses_without_panic_and_bounded(s in ".{0,300}") {
            let parsed = parse_query(&s);
            proptest::prop_assert!(parsed.pairs.len() <= MAX_PAIRS);
            let d = table().decode(&parsed.pairs);
            for (k, v) in &d.pairs {
                proptest::prop_assert!(table().field(k).unwrap().kind.check(v).is_ok());
            }
        }

        #[test]
        fn any_string_round_trips_through_encoding(s in "\\PC{0,40}") {
            proptest::prop_assert_eq!(decode_component(&encode_component(&s)), Ok(s));
        }
    }
}
