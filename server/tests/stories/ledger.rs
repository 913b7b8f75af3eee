//! The ledger of coins and characters, through its library interface on both databases: entries
//! move balances, a replayed idempotency key moves nothing more, a balance never goes below
//! zero, and concurrent debits neither overdraw nor fail with a database error.

use crate::common::{spawn, Backend, TestApp};
use amora_server::ledger::{Asset, Balances, Entry, LedgerError, LedgerStore, Posted};

async fn post(
    db: &LedgerStore,
    user_id: i64,
    asset: Asset,
    amount: i64,
    key: &str,
) -> Result<Posted, LedgerError> {
    db.post_entry(&Entry {
        user_id,
        asset,
        amount,
        reason: "test",
        idempotency_key: key,
        now: 1_700_000_000,
    })
    .await
}

async fn balances(db: &LedgerStore, user_id: i64) -> (i64, i64) {
    let Balances { coins, characters } = db.balances(user_id).await.unwrap();
    (coins, characters)
}

async fn entries_of(app: &TestApp, user_id: i64) -> i64 {
    app.scalar(&format!(
        "SELECT COUNT(*) FROM ledger_entries WHERE user_id = {user_id}"
    ))
    .await
}

async fn credits_and_debits_move_the_balance(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    let db = LedgerStore::new(app.app().db.clone());

    let credit = post(&db, ana.id, Asset::Coins, 100, "order:1")
        .await
        .unwrap();
    assert_eq!((credit.balance_after, credit.fresh), (100, true));
    let debit = post(&db, ana.id, Asset::Coins, -30, "gift:1")
        .await
        .unwrap();
    assert_eq!((debit.balance_after, debit.fresh), (70, true));
    assert_ne!(credit.entry_id, debit.entry_id);
    post(&db, ana.id, Asset::Characters, 2000, "pack:1")
        .await
        .unwrap();
    let spent = post(&db, ana.id, Asset::Characters, -1, "translate:1")
        .await
        .unwrap();
    assert_eq!(spent.balance_after, 1999);

    assert_eq!(balances(&db, ana.id).await, (70, 1999));
    assert_eq!(balances(&db, bea.id).await, (0, 0));
    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    assert_eq!(
        (me["coins"].as_i64(), me["characters"].as_i64()),
        (Some(70), Some(1999))
    );
    let after = app
        .texts(&format!(
            "SELECT CAST(balance_after AS TEXT) FROM ledger_entries WHERE user_id = {} ORDER BY id",
            ana.id
        ))
        .await;
    assert_eq!(after, ["100", "70", "2000", "1999"]);

    // An entry that moves nothing is not an entry.
    assert!(post(&db, ana.id, Asset::Coins, 0, "nothing:1")
        .await
        .is_err());
    assert_eq!(entries_of(&app, ana.id).await, 4);
}

async fn a_replayed_key_moves_the_balance_once(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let db = LedgerStore::new(app.app().db.clone());

    let first = post(&db, ana.id, Asset::Coins, 100, "paypal:TX-1")
        .await
        .unwrap();
    assert!(first.fresh);
    for _ in 0..9 {
        let again = post(&db, ana.id, Asset::Coins, 100, "paypal:TX-1")
            .await
            .unwrap();
        assert_eq!(
            again,
            Posted {
                fresh: false,
                ..first
            }
        );
    }
    // The key decides, whatever the replay claims.
    let forged = post(&db, ana.id, Asset::Coins, 5000, "paypal:TX-1")
        .await
        .unwrap();
    assert_eq!(
        forged,
        Posted {
            fresh: false,
            ..first
        }
    );
    assert_eq!(balances(&db, ana.id).await, (100, 0));
    assert_eq!(entries_of(&app, ana.id).await, 1);

    // Ten deliveries of one confirmation at the same moment.
    let replays: Vec<_> = (0..10)
        .map(|_| {
            let db = db.clone();
            tokio::spawn(async move { post(&db, ana.id, Asset::Coins, 50, "paypal:TX-2").await })
        })
        .collect();
    let mut fresh = 0;
    for replay in replays {
        let posted = replay.await.unwrap().unwrap();
        assert_eq!(posted.balance_after, 150);
        fresh += usize::from(posted.fresh);
    }
    assert_eq!(fresh, 1);
    assert_eq!(balances(&db, ana.id).await, (150, 0));
    assert_eq!(entries_of(&app, ana.id).await, 2);
}

async fn a_debit_below_zero_is_refused_and_leaves_no_trace(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let db = LedgerStore::new(app.app().db.clone());
    post(&db, ana.id, Asset::Coins, 50, "order:1")
        .await
        .unwrap();

    let overdraw = post(&db, ana.id, Asset::Coins, -51, "gift:1").await;
    assert!(
        matches!(overdraw, Err(LedgerError::Insufficient(_))),
        "{overdraw:?}"
    );
    let never_had = post(&db, ana.id, Asset::Characters, -1, "translate:1").await;
    assert!(
        matches!(never_had, Err(LedgerError::Insufficient(_))),
        "{never_had:?}"
    );
    assert_eq!(balances(&db, ana.id).await, (50, 0));
    assert_eq!(entries_of(&app, ana.id).await, 1);
    let opened = format!("SELECT COUNT(*) FROM balances WHERE user_id = {}", ana.id);
    assert_eq!(
        app.scalar(&opened).await,
        1,
        "no characters balance was opened"
    );

    // The whole balance may be spent; the refused debit's key was not used up.
    post(&db, ana.id, Asset::Coins, 1, "order:2").await.unwrap();
    let spent = post(&db, ana.id, Asset::Coins, -51, "gift:1")
        .await
        .unwrap();
    assert_eq!((spent.balance_after, spent.fresh), (0, true));
    assert!(matches!(
        post(&db, ana.id, Asset::Coins, -1, "gift:2").await,
        Err(LedgerError::Insufficient(_))
    ));
    assert_eq!(balances(&db, ana.id).await, (0, 0));
    assert_eq!(entries_of(&app, ana.id).await, 3);
}

async fn fifty_debits_at_once_spend_exactly_the_balance(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let db = LedgerStore::new(app.app().db.clone());
    post(&db, ana.id, Asset::Coins, 100, "order:1")
        .await
        .unwrap();

    let start = std::sync::Arc::new(tokio::sync::Barrier::new(50));
    let debits: Vec<_> = (0..50)
        .map(|i| {
            let (db, start) = (db.clone(), start.clone());
            tokio::spawn(async move {
                start.wait().await;
                post(&db, ana.id, Asset::Coins, -10, &format!("gift:{i}")).await
            })
        })
        .collect();
    let mut paid = Vec::new();
    let mut refused = 0;
    for debit in debits {
        match debit.await.unwrap() {
            Ok(posted) => paid.push(posted.balance_after),
            Err(LedgerError::Insufficient(_)) => refused += 1,
            Err(LedgerError::Db(e)) => panic!("a database error under contention: {e}"),
        }
    }
    paid.sort_unstable();
    assert_eq!(paid, [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    assert_eq!(refused, 40);
    assert_eq!(balances(&db, ana.id).await, (0, 0));
    assert_eq!(entries_of(&app, ana.id).await, 11);
    let sum = app.scalar(&format!("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM ledger_entries WHERE user_id = {}", ana.id)).await;
    assert_eq!(sum, 0, "the balance is the sum of the entries");
}

both_databases!(
    credits_and_debits_move_the_balance,
    a_replayed_key_moves_the_balance_once,
    a_debit_below_zero_is_refused_and_leaves_no_trace,
    fifty_debits_at_once_spend_exactly_the_balance,
);
