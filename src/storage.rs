//! The browser's localStorage, behind a [`Store`] (so the page state's
//! decisions are tested on the host with a map), and JSON values kept in it.
//! Used by the preferences (`crate::prefs`), the page state
//! (`crate::state`) and the pages that keep a record of their own.

/// Where values are kept between visits.
pub trait Store {
    fn load(&self, key: &str) -> Option<String>;
    fn save(&self, key: &str, value: &str);
}

/// The browser's localStorage.
pub struct LocalStore;

impl Store for LocalStore {
    fn load(&self, key: &str) -> Option<String> {
        web_sys::window()?.local_storage().ok()??.get_item(key).ok()?
    }

    fn save(&self, key: &str, value: &str) {
        if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
            let _ = s.set_item(key, value);
        }
    }
}

/// A JSON value from the browser's storage (`None` when absent or unreadable).
pub fn load_json<T: serde::de::DeserializeOwned>(key: &str) -> Option<T> {
    serde_json::from_str(&LocalStore.load(key)?).ok()
}

/// Stores a JSON value in the browser's storage.
pub fn save_json<T: serde::Serialize>(key: &str, value: &T) {
    if let Ok(json) = serde_json::to_string(value) {
        LocalStore.save(key, &json);
    }
}
