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
            r##"<g fill="none" stroke="#d6336c" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">"##,
            "{figure}{strokes}</g></svg>"
        ),
        figure = FIGURE,
        strokes = strokes
    )
}

/// An open hand raised beside the head.
pub const HAND_RAISED: &str = r##"<path d="M86 84L98 44"/><ellipse cx="100" cy="34" rx="8" ry="10" fill="#d6336c"/><path d="M94 26l-3-12M99 24v-13M104 25l3-12M108 32l7-6"/>"##;

/// A fist in front of the chest with the thumb up.
pub const THUMBS_UP: &str = r##"<path d="M88 90l6-20"/><rect x="86" y="54" width="22" height="16" rx="5" fill="#d6336c"/><path d="M89 54l-3-13" stroke-width="7"/><path d="M96 59h9M96 65h9" stroke="#fff1f5" stroke-width="2"/>"##;

/// Two fingers apart in a V beside the face.
pub const PEACE_SIGN: &str = r##"<path d="M86 88l8-26"/><rect x="86" y="48" width="18" height="15" rx="5" fill="#d6336c"/><path d="M90 48l-5-20M100 48l5-20"/>"##;

/// A hand touching the ear.
pub const TOUCHING_EAR: &str =
    r##"<path d="M88 94q18-26-6-48"/><circle cx="80" cy="42" r="7" fill="#d6336c"/>"##;

/// A hand under the chin.
pub const HAND_ON_CHIN: &str = r##"<path d="M46 104l10-36"/><rect x="50" y="56" width="16" height="13" rx="5" fill="#d6336c"/>"##;
