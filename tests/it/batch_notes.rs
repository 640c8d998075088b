//! The /batch summary's note on image tokens says each image once.

use batchlane::i18n::Lang;
use batchlane::pages::batch::media_note;
use batchlane_core::batch::MediaTally;

fn tally(parts: u64, estimated: u64) -> MediaTally {
    MediaTally { image_parts: parts, images_estimated: estimated, image_tokens: 1_105 * parts, ..MediaTally::default() }
}

#[test]
fn one_image_of_unknown_size_reads_as_one_image() {
    // It read "1 image part counted by the tile formula (…). 1 image part of
    // unknown size counted at …": two images.
    let en = media_note(Lang::En, &tally(1, 1));
    assert_eq!(en.matches("image part").count(), 1, "{en}");
    assert!(en.starts_with("1 image part of unknown size") && en.contains("upper bound") && en.contains("1,105 tokens"), "{en}");
    let ko = media_note(Lang::Ko, &tally(1, 1));
    assert_eq!(ko.matches("1개").count(), 1, "{ko}");
    assert!(ko.contains("크기를 알 수 없는 이미지 1개") && ko.contains("상한"), "{ko}");
}

#[test]
fn some_images_of_unknown_size_are_said_to_be_among_the_counted() {
    let en = media_note(Lang::En, &tally(3, 1));
    assert!(en.starts_with("3 image parts counted") && en.contains("Of these, 1 is of unknown size"), "{en}");
    let ko = media_note(Lang::Ko, &tally(3, 1));
    assert!(ko.contains("이미지 3개") && ko.contains("그중 크기를 알 수 없는 1개"), "{ko}");
    let known = media_note(Lang::En, &tally(2, 0));
    assert!(known.starts_with("2 image parts counted by the tile formula") && !known.contains("unknown"), "{known}");
}
