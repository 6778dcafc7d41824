//! Paging of `GET /api/games`: `limit` (default 100) rows after `cursor`;
//! the body stays an array, and the next page is named in a
//! `Link: <…>; rel="next"` header. The cursor is the last row's position
//! in the listing's own order, so any order can page with it.

/// Rows in a page when `limit` is not given.
pub const DEFAULT_LIMIT: usize = 100;
/// The most rows a page may hold.
pub const MAX_LIMIT: usize = 1_000;

/// One page of `rows`: the rows after `cursor` (the index of the first row
/// to give, as the previous page's link said), at most `limit`; and the
/// cursor of the next page, when there are more rows.
pub fn page<T>(
    rows: Vec<T>,
    limit: Option<usize>,
    cursor: Option<usize>,
) -> (Vec<T>, Option<usize>) {
    let limit = limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let start = cursor.unwrap_or(0);
    let total = rows.len();
    let end = start.saturating_add(limit).min(total);
    let next = (end < total).then_some(end);
    let rows = rows
        .into_iter()
        .skip(start)
        .take(end.saturating_sub(start))
        .collect();
    (rows, next)
}

/// The `Link` header naming the next page: `path` with its query, the
/// `cursor` replaced by `next` and `limit` kept.
pub fn next_link(path: &str, query: &[(String, String)], next: usize) -> String {
    let mut pairs: Vec<String> = query
        .iter()
        .filter(|(k, _)| k != "cursor")
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    pairs.push(format!("cursor={next}"));
    format!("<{path}?{}>; rel=\"next\"", pairs.join("&"))
}

/// Percent-encodes a query word (letters, digits and `-._~` stay).
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_cover_every_row_once_and_the_last_has_no_next() {
        let rows: Vec<u32> = (0..250).collect();
        let (a, next) = page(rows.clone(), None, None);
        assert_eq!((a.len(), next), (100, Some(100)));
        let (b, next) = page(rows.clone(), None, next);
        assert_eq!((b[0], next), (100, Some(200)));
        let (c, next) = page(rows.clone(), None, next);
        assert_eq!((c.len(), next), (50, None));
        assert_eq!(page(rows, Some(0), Some(999)), (vec![], None));
    }

    #[test]
    fn the_link_keeps_the_filters_and_replaces_the_cursor() {
        let q = vec![
            ("status".to_string(), "live".to_string()),
            ("cursor".into(), "5".into()),
        ];
        assert_eq!(
            next_link("/api/games", &q, 10),
            "</api/games?status=live&cursor=10>; rel=\"next\""
        );
    }
}
