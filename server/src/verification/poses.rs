//! The drawn poses a selfie copies: a head and shoulders in a few strokes, one hand doing
//! something a photo taken earlier is unlikely to show. Drawn here, not fetched, so the server
//! needs nothing beside itself to offer them.

/// The head and shoulders every pose shares.
const FIGURE: &str =
    r#"<circle cx="60" cy="40" r="16"/><path d="M24 116c2-26 18-40 36-40s34 14 36 40"/>"#;

/// One pose's SVG document: the figure and the pose's own strokes.
pub fn svg(strokes: &str) -> String {
    format!(
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="240" height="240">"##,
            r##"<rect width="120" height="120" rx="16" fill="#fff1f5"/>"##,
            r##"<g fill="none" stroke="#d6336c" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">"##,
            "{figure}{strokes}</g></svg>"
        ),
        figure = FIGURE,
        strokes = strokes
    )
}

/// An open hand raised beside the head.
pub const HAND_RAISED: &str = r#"<path d="M88 86l8-28"/><path d="M90 58h12l-2-14"/><path d="M92 58l-2-22M96 58l1-24M100 58l3-21M102 58l6-12"/>"#;

/// A fist in front of the chest with the thumb up.
pub const THUMBS_UP: &str = r#"<path d="M84 92l6-18"/><rect x="84" y="58" width="16" height="16" rx="4"/><path d="M92 58V42"/>"#;

/// Two fingers apart in a V beside the face.
pub const PEACE_SIGN: &str = r#"<path d="M86 90l6-26"/><rect x="86" y="52" width="14" height="12" rx="4"/><path d="M90 52l-4-20M96 52l6-20"/>"#;

/// A hand touching the ear.
pub const TOUCHING_EAR: &str = r#"<path d="M90 92q14-24-6-46"/><circle cx="80" cy="42" r="6"/>"#;

/// A hand under the chin.
pub const HAND_ON_CHIN: &str = r#"<path d="M34 94q8-30 22-34"/><path d="M52 60q8-6 16 0"/>"#;
