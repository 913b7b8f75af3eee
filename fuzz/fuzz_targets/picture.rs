//! A picture as people send it: a data URL or bare base64 (registration, avatar, chat images,
//! uploads), or the bytes themselves, decoded and re-encoded. Nothing may panic, and the header
//! check must keep a decompression bomb from being decoded.
#![no_main]

use amora_server::media::{decode_base64_image, image};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(bytes) = decode_base64_image(text) {
            let _ = image::process(&bytes);
        }
    }
    let _ = image::process(data);
});
