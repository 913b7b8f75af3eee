//! Every story of the server, one module a subject, in one test binary: one link instead of one
//! per file. Each story runs on SQLite and on PostgreSQL (`both_databases!`, in `common`); the
//! stories of media also with their pictures in an S3 bucket (`both_stores!`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[macro_use]
mod common;

mod access_matrix;
mod account;
mod account_security;
mod album;
mod backup;
mod bad_input;
mod chat_durability;
mod chat_groups;
mod chat_harsh;
mod chat_limits;
mod chat_places;
mod chat_rest;
mod chat_socket;
mod chat_voice;
mod comments;
mod email;
mod feed;
mod group_safety;
mod house;
mod ledger;
mod limits;
mod media;
mod media_privacy;
mod media_takedown;
mod media_upload;
mod nodes;
mod notices;
mod ops;
mod ops_faults;
mod people_blocks;
mod people_contacts;
mod people_discover;
mod people_likes;
mod people_nearby;
mod people_passes;
mod people_scroll;
mod places;
mod privacy;
mod privacy_tables;
mod production;
mod profile;
mod push;
mod push_settings;
mod safety;
mod sessions;
mod shared_limits;
mod staff;
mod staff_appeals;
mod staff_bans;
mod staff_reports;
mod staff_review;
mod staff_take_down;
mod translate;
mod translate_apy;
mod translate_arrival;
mod translate_routes;
mod translate_texts;
mod verification;
mod wallet_apple;
mod wallet_coins;
mod wallet_gifts;
mod wallet_google;
mod wallet_orders;
mod wallet_paypal;
mod wallet_stripe;
