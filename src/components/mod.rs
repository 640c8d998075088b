//! Components shared by the pages, one concern a file.

pub mod chart_frame;
pub mod check_field;
pub mod copy_button;
pub mod download;
pub mod drop_zone;
pub mod enum_select;
pub mod link_banner;
pub mod local_time;
pub mod notice;
pub mod num_field;
pub mod page_header;
pub mod region_select;
pub mod table;
pub mod text_area;
pub mod unconfirmed;
pub mod update_banner;
