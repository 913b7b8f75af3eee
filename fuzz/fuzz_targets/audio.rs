//! A voice recording as people upload it: a data URL or bare base64, or the bytes themselves,
//! measured (WebM, Ogg, MP4). Nothing may panic, and no size a file claims may be allocated.
#![no_main]

use amora_server::media::{audio, decode_base64_audio};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(bytes) = decode_base64_audio(text) {
            let _ = audio::measure(&bytes);
        }
    }
    let _ = audio::measure(data);
});
