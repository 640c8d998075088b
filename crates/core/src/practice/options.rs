//! Four options from one right answer and a list of wrong ones built from
//! the typical mistakes: duplicates dropped, order shuffled by the seed.

use super::format::thousands;
use super::rng::Rng;
use crate::text::Text;

fn clashes(a: &Text, b: &Text) -> bool {
    a.ko == b.ko || a.en == b.en
}

/// Places `correct` among the first three distinct `wrong` options, in an
/// order drawn from `rng`. Returns the options and the right one's index.
/// Never panics: a short list of wrong options is padded with neutral ones.
pub fn assemble(rng: &mut Rng, correct: Text, wrong: Vec<Text>) -> ([Text; 4], usize) {
    let mut chosen: Vec<Text> = Vec::with_capacity(3);
    let pads = [
        Text::new("None of the above", "위의 어느 것도 아니다"),
        Text::new("It cannot be told", "알 수 없다"),
        Text::new("It depends", "상황에 따라 다르다"),
    ];
    for t in wrong.into_iter().chain(pads) {
        if chosen.len() == 3 {
            break;
        }
        if !clashes(&t, &correct) && !chosen.iter().any(|c| clashes(c, &t)) {
            chosen.push(t);
        }
    }
    let mut order = [0usize, 1, 2, 3];
    rng.shuffle(&mut order);
    let mut all = vec![correct];
    all.extend(chosen);
    let options: [Text; 4] = std::array::from_fn(|i| all[order[i]].clone());
    let index = order.iter().position(|&o| o == 0).unwrap_or(0);
    (options, index)
}

/// Wrong numbers: the `mistakes` that differ from `correct` (and each other)
/// once formatted, then fallbacks (×2, ÷2, ×10, …) until there are three.
pub fn wrong_numbers(correct: f64, mistakes: &[f64], show: impl Fn(f64) -> Text) -> Vec<Text> {
    let right = show(correct);
    let mut out: Vec<Text> = Vec::new();
    let fallbacks = [2.0, 0.5, 10.0, 0.1, 3.0, 1.5].map(|f| correct * f);
    let absolutes = [100.0, 1_000.0, 10_000.0, 50.0, 5_000.0];
    for v in mistakes.iter().chain(&fallbacks).chain(&absolutes) {
        if out.len() == 3 {
            break;
        }
        if !v.is_finite() || *v <= 0.0 {
            continue;
        }
        let t = show(*v);
        if !clashes(&t, &right) && !out.iter().any(|o| clashes(o, &t)) {
            out.push(t);
        }
    }
    out
}

/// A count with a unit after it: "180 RPM" in both languages.
pub fn with_unit(unit: &'static str) -> impl Fn(f64) -> Text {
    move |v| {
        let s = format!("{} {unit}", thousands(v));
        Text::new(s.clone(), s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_distinct_and_one_right() {
        for seed in 0..200 {
            let mut r = Rng::new(seed);
            let wrong = vec![Text::new("a", "a"), Text::new("a", "a"), Text::new("b", "b")];
            let (opts, i) = assemble(&mut r, Text::new("x", "x"), wrong);
            assert_eq!(opts[i], Text::new("x", "x"));
            for a in 0..4 {
                for b in a + 1..4 {
                    assert!(!clashes(&opts[a], &opts[b]));
                }
            }
        }
    }

    #[test]
    fn wrong_numbers_skip_the_answer_and_fill_up() {
        let w = wrong_numbers(180.0, &[180.0, 1_800.0], with_unit("RPM"));
        assert_eq!(w.len(), 3);
        assert_eq!(w[0].en, "1,800 RPM");
        assert!(w.iter().all(|t| t.en != "180 RPM"));
        assert_eq!(wrong_numbers(0.0, &[], with_unit("RPM")).len(), 3);
    }
}
