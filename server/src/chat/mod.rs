//! Chat: our own IM service (docs/im-protocol.md). Messages are stored, with an event for each
//! person concerned in their own gapless sequence, before anything is acknowledged or delivered.
//! Under load, the checks before sends are read many to a query (`checks`) and messages that
//! cost nothing are stored many to a transaction (`writer`); the hub hands each
//! stored message to the connections of its two people on this node, and otherwise tells
//! connections that there are new events, which they then read from the database.

pub mod checks;
pub mod conversations;
pub mod forms;
pub mod groups;
pub mod harsh;
pub mod hub;
pub mod model;
pub mod personal;
pub mod push;
pub mod routes;
pub mod safety;
pub mod service;
pub mod socket;
pub mod store;
pub mod writer;
pub mod writer_sqlite;

use std::sync::Arc;

use crate::account::users::Users;
use crate::api::error::ApiError;
use crate::api::rate_limit::RateLimiter;
use crate::chat::checks::Checks;
use crate::chat::groups::store::GroupStore;
use crate::chat::hub::Hub;
use crate::chat::model::Refused;
use crate::chat::safety::Repeats;
use crate::chat::store::ChatStore;
use crate::chat::writer::Writer;
use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
use crate::media::Media;
use crate::notify::Notify;
use crate::people::People;
use crate::translate::Translate;
use crate::wallet::Wallet;

/// A refused message is a 400 with the rule's message; a gift that names none is not found.
impl From<Refused> for ApiError {
    fn from(refused: Refused) -> Self {
        match refused {
            Refused::Invalid(msg) => ApiError::Invalid(msg),
            Refused::NoSuchGift => ApiError::NotFound,
        }
    }
}

/// The IM error that ends a connection because its session ended (new password, signed out
/// everywhere, banned): the app logs out.
pub const KICKED: u16 = 217;

/// The chat service: what the socket, the chat endpoints and the sweep work with. One pointer:
/// every live connection holds the service, and a copy of each of its handles was part of every
/// idle connection's memory.
#[derive(Clone)]
pub struct Chat(Arc<Parts>);

/// What the chat service works with.
pub struct Parts {
    store: ChatStore,
    /// Groups, their members and their events.
    groups: GroupStore,
    people: People,
    accounts: Users,
    wallet: Wallet,
    clock: Clock,
    config: Arc<Config>,
    limits: Arc<RateLimiter>,
    media: Media,
    /// This node's live chat connections.
    hub: Arc<Hub>,
    /// Reads what a send is checked against, many sends to a query.
    checks: Checks,
    /// Stores messages that cost nothing, many to a transaction.
    writer: Writer,
    /// Pushes a message to a recipient who is not connected.
    notify: Notify,
    /// Who sent which text to how many people lately.
    repeats: Arc<Repeats>,
    /// Translates text messages on arrival for the readers who asked.
    translate: Translate,
}

impl std::ops::Deref for Chat {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl Chat {
    /// Starts the checks' reader and the message writer on the current runtime.
    pub fn new(
        ground: &Ground,
        hub: Arc<Hub>,
        notify: Notify,
        translate: Translate,
        people: People,
        wallet: Wallet,
    ) -> anyhow::Result<Chat> {
        Ok(Chat(Arc::new(Parts {
            checks: Checks::spawn(ChatStore::new(ground.db.clone())),
            writer: Writer::spawn(&ground.db, hub.clone(), ground.config.db.wal_limit_bytes)?,
            store: ChatStore::new(ground.db.clone()),
            groups: GroupStore::new(ground.db.clone()),
            people,
            accounts: Users::new(ground.db.clone()),
            wallet,
            clock: ground.clock.clone(),
            config: ground.config.clone(),
            limits: ground.limits.clone(),
            media: ground.media.clone(),
            hub,
            notify,
            repeats: Arc::new(Repeats::new(
                ground.media.derived_key("repeated texts"),
                ground.counters.clone(),
            )),
            translate,
        })))
    }

    /// Ends a person's live connections with the IM error `code` (signed out, new password).
    pub fn kick(&self, user_id: i64, code: u16) {
        self.hub.kick(user_id, code);
    }
}
