//! The pages are served from the binary, and the game page keeps the accessible names
//! that players' scripts and screen-reader macros find it by.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

async fn get(path: &str) -> (StatusCode, String, String) {
    let app: axum::Router = arbiter_web::routes();
    let r = app
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = r.status();
    let ct = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap_or("").to_string())
        .unwrap_or_default();
    let body = r.into_body().collect().await.unwrap().to_bytes();
    (status, ct, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn every_page_and_asset_is_served() {
    for p in ["/", "/games/abc", "/games/abc/arbiter", "/games/abc/record"] {
        let (s, ct, body) = get(p).await;
        assert_eq!(s, StatusCode::OK, "{p}");
        assert!(ct.starts_with("text/html"), "{p}: {ct}");
        assert!(body.contains("<html lang=\"en\">"), "{p}");
        // Every script a page loads is served too, and nothing comes from another site.
        for src in body.split("src=\"").skip(1) {
            let src = &src[..src.find('"').unwrap()];
            assert!(src.starts_with("/assets/"), "{p} loads {src}");
            assert_eq!(get(src).await.0, StatusCode::OK, "{src}");
        }
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{p}"
        );
    }
    assert_eq!(get("/assets/nothing.js").await.0, StatusCode::NOT_FOUND);
    assert_eq!(get("/assets/hall.css").await.0, StatusCode::OK);
}

#[tokio::test]
async fn the_game_page_keeps_its_accessible_names() {
    let (_, _, body) = get("/games/abc").await;
    assert!(body.contains(r#"role="grid" aria-label="Board""#));
    assert!(body.contains(r#"<label for="move">Move</label>"#));
    assert!(body.contains(r#"role="status""#));
    assert!(body.contains(r#"role="log""#));
    for name in ["Offer draw", "Claim draw", "Resign", "Pause"] {
        assert!(body.contains(&format!(">{name}</button>")), "{name}");
    }
    // One status region only: a second would split what a screen reader announces.
    assert_eq!(body.matches(r#"role="status""#).count(), 1);
}
