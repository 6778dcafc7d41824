//! A line reader with a bound on line length.
//!
//! `AsyncBufReadExt::lines` grows its buffer without limit, so an engine that
//! prints an endless line would take all memory. This reader keeps at most
//! [`MAX_LINE`] bytes of a line and drops the rest up to the newline. Its state
//! lives in the struct, not in a future, so a read cancelled by a timeout loses
//! nothing: the next call continues where the cancelled one stopped.

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The longest line kept, in bytes. UCI lines are short (a long `info … pv`
/// line at depth 100 is about 600 bytes); anything longer is cut.
pub const MAX_LINE: usize = 16 * 1024;

/// One line of engine output, without its line ending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The kept bytes, read as UTF-8 (invalid bytes replaced).
    pub text: String,
    /// Whether bytes beyond [`MAX_LINE`] were dropped.
    pub truncated: bool,
}

/// Reads lines of at most `max` bytes from a buffered reader.
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    truncated: bool,
    max: usize,
    eof: bool,
}

impl<R: AsyncBufRead + Unpin> LineReader<R> {
    /// A reader that keeps at most `max` bytes of each line.
    pub fn new(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            buf: Vec::new(),
            truncated: false,
            max,
            eof: false,
        }
    }

    /// The next line, or `None` at the end of the stream. A last line without
    /// a newline is still returned. Cancel-safe.
    pub async fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        if self.eof {
            return Ok(None);
        }
        loop {
            let avail = self.inner.fill_buf().await?;
            if avail.is_empty() {
                self.eof = true;
                if self.buf.is_empty() && !self.truncated {
                    return Ok(None);
                }
                return Ok(Some(self.take()));
            }
            let (chunk, used, done) = match avail.iter().position(|&b| b == b'\n') {
                Some(i) => (&avail[..i], i + 1, true),
                None => (avail, avail.len(), false),
            };
            let room = self.max.saturating_sub(self.buf.len());
            if chunk.len() > room {
                self.truncated = true;
            }
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.inner.consume(used);
            if done {
                return Ok(Some(self.take()));
            }
        }
    }

    fn take(&mut self) -> Line {
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let text = String::from_utf8_lossy(&self.buf).into_owned();
        let line = Line {
            text,
            truncated: self.truncated,
        };
        self.buf.clear();
        self.truncated = false;
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn all_lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut reader = LineReader::new(input, max);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().await.unwrap_or(None) {
            out.push(line);
        }
        out
    }

    fn line(text: &str, truncated: bool) -> Line {
        Line {
            text: text.to_owned(),
            truncated,
        }
    }

    #[tokio::test]
    async fn splits_on_newlines_and_strips_carriage_returns() {
        let lines = all_lines(b"uciok\r\nreadyok\nlast", 64).await;
        assert_eq!(
            lines,
            vec![
                line("uciok", false),
                line("readyok", false),
                line("last", false)
            ]
        );
    }

    #[tokio::test]
    async fn a_long_line_is_cut_and_the_next_line_survives() {
        let mut input = vec![b'x'; 10 * 1024 * 1024];
        input.extend_from_slice(b"\nbestmove e2e4\n");
        let lines = all_lines(&input, 100).await;
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].text.len(), 100);
        assert!(lines[0].truncated);
        assert_eq!(lines[1], line("bestmove e2e4", false));
    }

    #[tokio::test]
    async fn invalid_utf8_is_replaced_not_an_error() {
        let lines = all_lines(b"id name \xff\xfe\n", 64).await;
        assert_eq!(lines.len(), 1);
        assert!(lines[0].text.starts_with("id name "));
    }

    #[tokio::test]
    async fn empty_input_has_no_lines() {
        assert!(all_lines(b"", 64).await.is_empty());
    }
}
