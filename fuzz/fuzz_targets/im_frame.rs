//! A frame on the chat socket, read as the server reads it, and a message's content checked
//! against its type as a send is before anything is stored.
#![no_main]

use amora_server::chat::model::{check_content, MessageType};
use amora_server::chat::socket::{read_frame, Frame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(Frame::Send(out)) = read_frame(text) {
        if let Ok(kind) = MessageType::parse(out.msg_type.as_deref()) {
            let _ = check_content(kind, out.content.as_ref());
        }
    }
});
