//! A request body through the API's JSON-or-form extractor (`Input`), into real request types.
//! The first byte picks the content type and the type read; the rest is the body. Every input
//! must end in a value or in our 400, never a panic.
#![no_main]

use amora_server::account::forms::{LoginRequest, ProfileRequest, RegisterRequest};
use amora_server::api::extract::Input;
use amora_server::chat::model::Outgoing;
use axum::body::Body;
use axum::extract::{FromRequest, Request};
use futures::executor::block_on;
use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;

fn read<T: DeserializeOwned>(content_type: &str, body: &[u8]) {
    let request = Request::builder()
        .method("POST")
        .uri("/prod-api/fuzz")
        .header("content-type", content_type)
        .body(Body::from(body.to_vec()));
    if let Ok(request) = request {
        let _ = block_on(Input::<T>::from_request(request, &()));
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let content_type = if pick & 1 == 0 {
        "application/json"
    } else {
        "application/x-www-form-urlencoded"
    };
    match (pick >> 1) % 5 {
        0 => read::<RegisterRequest>(content_type, body),
        1 => read::<LoginRequest>(content_type, body),
        2 => read::<ProfileRequest>(content_type, body),
        3 => read::<Outgoing>(content_type, body),
        _ => read::<serde_json::Value>(content_type, body),
    }
});
