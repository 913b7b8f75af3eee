//! What the translation stories share: people who speak a language, character packs, messages
//! and asking for their translation.

use serde_json::json;

use super::{Body, Person, Reply, TestApp};
use amora_server::ledger::{Asset, Entry, LedgerStore};

impl TestApp {
    /// Registers someone whose interface language is `language`.
    pub async fn speaker(&self, name: &str, gender: &str, language: &str) -> Person {
        let mut form = self.registration(name);
        form["gender"] = json!(gender);
        form["language"] = json!(language);
        let data = self.post("/prod-api/register", None, form).await.ok();
        Person {
            id: data["user"]["userId"].as_i64().unwrap(),
            token: data["token"].as_str().unwrap().to_owned(),
            user_name: name.to_owned(),
            email: format!("{name}@example.com"),
            password: "secret1".to_owned(),
        }
    }

    /// Credits `n` characters to someone's pack.
    pub async fn give_characters(&self, who: &Person, n: i64) {
        let key = format!("test-pack:{}:{n}:{}", who.id, uuid::Uuid::new_v4());
        LedgerStore::new(self.app().db.clone())
            .post_entry(&Entry {
                user_id: who.id,
                asset: Asset::Characters,
                amount: n,
                reason: "test",
                idempotency_key: &key,
                now: self.clock().unix(),
            })
            .await
            .unwrap();
    }

    /// Sends a text message; its id.
    pub async fn text(&self, from: &Person, to: &Person, text: &str) -> i64 {
        let sent = self
            .post(
                "/prod-api/system/content/sendMsg",
                Some(&from.token),
                json!({ "to": to.id, "content": text }),
            )
            .await
            .ok();
        sent["message"]["id"].as_i64().unwrap()
    }

    /// Asks for a message's translation into `target`.
    pub async fn translation(&self, who: &Person, id: i64, target: &str) -> Reply {
        self.call(
            "POST",
            &format!("/prod-api/system/content/tranMsg?year=2026&id={id}&target={target}"),
            Some(&who.token),
            Body::None,
        )
        .await
    }

    /// Someone's character-pack balance.
    pub async fn characters(&self, who: &Person) -> i64 {
        self.get("/prod-api/getInfo", Some(&who.token)).await.ok()["characters"]
            .as_i64()
            .unwrap()
    }
}
