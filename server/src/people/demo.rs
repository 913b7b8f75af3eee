//! Demo profiles (`amora demo`, and `make run` on first start). Everything is made here: names
//! and signatures in each person's language, and avatars drawn by the program, so nothing is
//! downloaded.

use rand::seq::IndexedRandom;
use rand::Rng;

use crate::account::password::PasswordHasher;
use crate::api::error::ApiError;
use crate::people::People;

pub const DEMO_USER: &str = "demo";
pub const DEMO_PASSWORD: &str = "demo1234";

/// Country and language pairs covering the eleven countries and the eight languages.
const PLACES: [(&str, &str); 12] = [
    ("Britain", "en"),
    ("Japan", "ja"),
    ("South Korea", "kr"),
    ("Germany", "ge"),
    ("Russia", "ru"),
    ("Spain", "es"),
    ("America", "en"),
    ("Australia", "en"),
    ("Singapore", "zh-Hans"),
    ("Malaysia", "zh-Hant"),
    ("Canada", "en"),
    ("Singapore", "zh-Hant"),
];

/// (female names, male names, signatures) for a language.
fn words(
    language: &str,
) -> (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
) {
    match language {
        "ja" => (
            &["Yuki", "Sakura", "Aoi", "Hina", "Mei", "Rin"],
            &["Haruto", "Ren", "Sota", "Yuto", "Kaito", "Riku"],
            &[
                "週末はカフェ巡りが好きです",
                "一緒に旅行に行ける人を探しています",
                "料理と映画が好き。気軽に話しかけてね",
            ],
        ),
        "kr" => (
            &["Jiwoo", "Seoyeon", "Minji", "Hayoon", "Yuna", "Soyeon"],
            &["Minjun", "Seojun", "Doyun", "Jiho", "Hyunwoo", "Junho"],
            &[
                "커피와 산책을 좋아해요",
                "새로운 친구를 만나고 싶어요",
                "여행과 음악이 제 삶의 즐거움이에요",
            ],
        ),
        "ge" => (
            &["Lena", "Mia", "Hannah", "Emilia", "Lea", "Clara"],
            &["Lukas", "Leon", "Finn", "Jonas", "Paul", "Felix"],
            &[
                "Wandern, Kaffee und gute Gespräche",
                "Ich suche jemanden für Reisen und Abenteuer",
                "Kochen ist meine Leidenschaft",
            ],
        ),
        "ru" => (
            &["Anastasia", "Maria", "Daria", "Polina", "Alisa", "Sofia"],
            &["Artem", "Maksim", "Ivan", "Dmitry", "Nikita", "Egor"],
            &[
                "Люблю путешествия и хорошие книги",
                "Ищу интересного собеседника",
                "Спорт, музыка и долгие прогулки",
            ],
        ),
        "es" => (
            &["Lucía", "Sofía", "Martina", "Valeria", "Carmen", "Elena"],
            &["Hugo", "Mateo", "Pablo", "Álvaro", "Diego", "Javier"],
            &[
                "Me encanta bailar y viajar",
                "Buscando a alguien para compartir risas",
                "Café, playa y buena conversación",
            ],
        ),
        "zh-Hans" => (
            &["Xiaoyu", "Meilin", "Jiayi", "Yutong", "Siqi", "Wanting"],
            &["Haoran", "Zihan", "Yichen", "Junjie", "Mingxuan", "Zhiyuan"],
            &[
                "喜欢旅行和美食，想认识有趣的人",
                "周末喜欢爬山和看电影",
                "真诚交友，期待遇见你",
            ],
        ),
        "zh-Hant" => (
            &["Yating", "Shuhui", "Peiyu", "Xinyi", "Jiaxuan", "Yuting"],
            &["Weijie", "Guanyu", "Chengen", "Boyu", "Junhong", "Zhehan"],
            &[
                "喜歡咖啡和攝影，想認識新朋友",
                "熱愛旅行，希望找到一起出發的人",
                "真誠交友，期待與你相遇",
            ],
        ),
        _ => (
            &["Emma", "Olivia", "Charlotte", "Amelia", "Grace", "Chloe"],
            &["Oliver", "James", "Jack", "Noah", "Liam", "Ethan"],
            &[
                "Coffee lover, weekend hiker, looking for good conversation",
                "Let's travel the world together",
                "Music, books and long walks on the beach",
            ],
        ),
    }
}

impl People {
    /// Whether the demo account exists already.
    pub async fn demo_seeded(&self) -> Result<bool, ApiError> {
        Ok(self.accounts.user_name_in_use(DEMO_USER, None).await?)
    }

    /// Creates `users` demo people and the demo account, with likes and visits toward it.
    pub async fn seed_demo(
        &self,
        passwords: &PasswordHasher,
        users: usize,
    ) -> Result<(), ApiError> {
        let now = self.clock.unix();
        let password_hash = passwords.hash(DEMO_PASSWORD).await?;
        let demo_id = self
            .create_drawn(
                DEMO_USER,
                "demo@amora.app",
                "male",
                ("Britain", "en"),
                "1992-06-15",
                Some("Here to meet people from everywhere."),
                &password_hash,
                0,
            )
            .await?;
        self.accounts
            .grant_membership("demo@amora.app", "VIP", 30, now)
            .await?;
        let mut rng = rand::rng();
        for i in 0..users {
            let place = PLACES[i % PLACES.len()];
            let gender = if i % 3 == 2 { "male" } else { "female" };
            let (female, male, signatures) = words(place.1);
            let first = if gender == "female" { female } else { male }
                .choose(&mut rng)
                .copied()
                .unwrap_or("Alex");
            let user_name = format!("{first}{}", 10 + i);
            let email = format!("demo{i}@amora.app");
            let years = rng.random_range(20..46);
            let birthday = format!(
                "{}-{:02}-{:02}",
                2026 - years,
                rng.random_range(1..13),
                rng.random_range(1..29)
            );
            let signature = signatures.choose(&mut rng).copied();
            let id = self
                .create_drawn(
                    &user_name,
                    &email,
                    gender,
                    place,
                    &birthday,
                    signature,
                    &password_hash,
                    i as u64 + 1,
                )
                .await?;
            // Activity spread over three days; a few online right now.
            let last_active = if i % 5 == 0 {
                now
            } else {
                now - rng.random_range(600..3 * 86_400)
            };
            self.accounts.touch_user(id, last_active).await?;
            if i % 7 == 0 {
                self.accounts
                    .grant_membership(&email, if i % 14 == 0 { "SVIP" } else { "VIP" }, 90, now)
                    .await?;
            }
            if gender == "female" && i % 3 == 0 {
                self.store
                    .toggle_like(id, demo_id, now - rng.random_range(60..86_400))
                    .await?;
            }
            if gender == "female" && i % 2 == 0 {
                let at = now - rng.random_range(60..2 * 86_400);
                self.store
                    .record_footprint(id, demo_id, at.div_euclid(86_400), at)
                    .await?;
            }
            if gender == "female" && i % 4 == 0 {
                self.store
                    .toggle_like(demo_id, id, now - rng.random_range(60..86_400))
                    .await?;
            }
        }
        Ok(())
    }
}
