//! The demo's feed (`make run`): the demo profiles have posted over the last two days, in their
//! own languages, and comment on and like each other's posts, so the feed is alive at first look.

use crate::feed::Feed;

/// What demo people post, by interface language.
fn posts(language: &str) -> &'static [&'static str] {
    match language {
        "ja" => &[
            "今日は京都で紅葉を見てきました。とてもきれいでした！",
            "おすすめのカフェがあれば教えてください ☕",
            "週末は海外の友達とオンラインで映画を観ました",
        ],
        "kr" => &[
            "오늘 한강에서 자전거를 탔어요. 날씨가 정말 좋았어요!",
            "요즘 스페인어를 배우고 있어요. 같이 연습할 사람?",
            "주말에 새로 생긴 빵집에 다녀왔어요 🥐",
        ],
        "ge" => &[
            "Heute war ich am See wandern. Die Luft war herrlich!",
            "Wer kennt ein gutes Buch für lange Winterabende?",
            "Mein erster Versuch mit japanischem Curry. Erfolg! 🍛",
        ],
        "ru" => &[
            "Сегодня гуляла по набережной, первый снег!",
            "Кто любит путешествовать? Посоветуйте, куда поехать весной",
            "Испекла пирог с яблоками по бабушкиному рецепту 🍎",
        ],
        "es" => &[
            "Hoy he visto el atardecer más bonito desde la playa 🌅",
            "¿Alguien quiere practicar inglés conmigo?",
            "Domingo de paella con amigos. ¡Nada mejor!",
        ],
        "zh-Hans" | "zh-Hant" => &[
            "今天去爬山了，风景很美！",
            "有人喜欢看电影吗？推荐一部最近看过的好电影吧",
            "周末学做了蛋挞，第一次就成功了 😊",
        ],
        _ => &[
            "Sunday walk by the river. Who else loves autumn?",
            "Looking for tips: the best street food you've ever had?",
            "Just finished my first 10k run! 🏃",
        ],
    }
}

/// What demo people say under each other's posts.
const COMMENTS: [&str; 4] = [
    "Beautiful! 😍",
    "Love this",
    "Where is this?",
    "Have a great day!",
];

impl Feed {
    /// Posts, comments and likes by the demo profiles (once, beside `People::seed_demo`).
    pub async fn seed_demo(&self) -> anyhow::Result<()> {
        let authors = self.store.demo_authors(24).await?;
        let now = self.clock.unix();
        let mut published = Vec::new();
        for (n, (author, language)) in authors.iter().enumerate() {
            let texts = posts(language);
            let text = texts[n % texts.len()];
            // Oldest first, so ids grow with time as the feed's paging expects.
            let at = now - (authors.len() - n) as i64 * 5_400;
            let id = self.store.publish(*author, text, &[], at).await?;
            published.push((id, *author, at));
        }
        for (n, (id, author, at)) in published.iter().enumerate() {
            for k in 1..=(n % 3) {
                let (commenter, _) = authors[(n + k * 5) % authors.len()];
                if commenter != *author {
                    let text = COMMENTS[(n + k) % COMMENTS.len()];
                    self.store
                        .add_comment(*id, commenter, None, None, text, at + 600 * k as i64)
                        .await?;
                    self.store.toggle_like(*id, commenter, at + 300).await?;
                }
            }
        }
        Ok(())
    }
}
