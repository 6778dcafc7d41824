//! A minimal RIFF/WAVE reader for 16-bit PCM (what espeak-ng writes): enough to measure
//! duration and loudness, so that "audio was produced" is checked, not assumed.

use std::fmt;

/// What a WAV file contains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WavStats {
    /// Sample frames per second.
    pub sample_rate: u32,
    /// Channels per frame (espeak-ng writes 1).
    pub channels: u16,
    /// Bits per sample (always 16 here).
    pub bits: u16,
    /// Sample frames.
    pub samples: u64,
    /// Length in seconds.
    pub duration_s: f64,
    /// Root mean square of all samples, as a fraction of full scale (0..1).
    pub rms: f64,
    /// Largest absolute sample, as a fraction of full scale.
    pub peak: f64,
}

/// Why a byte string is not a 16-bit PCM WAV file this reader understands.
#[derive(Debug, PartialEq, Eq)]
pub struct WavError(pub &'static str);

impl fmt::Display for WavError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for WavError {}

fn u16le(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes([*b.get(at)?, *b.get(at + 1)?]))
}
fn u32le(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes([
        *b.get(at)?,
        *b.get(at + 1)?,
        *b.get(at + 2)?,
        *b.get(at + 3)?,
    ]))
}

/// The largest WAV file [`stats_of_file`] reads: ten minutes of 22 kHz
/// mono speech is 26 MB; more than this is not a spoken line.
pub const MAX_WAV_BYTES: u64 = 64 * 1024 * 1024;

/// Reads back and measures a WAV file. Only a regular file is read, and at
/// most [`MAX_WAV_BYTES`] of it: `/dev/zero` or `/dev/full` as the path
/// would otherwise be read for ever. The error names the file.
pub fn stats_of_file(path: &std::path::Path) -> Result<WavStats, String> {
    use std::io::Read;
    let shown = path.display();
    let f = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let meta = f.metadata().map_err(|e| format!("{shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown}: not a regular file, not read back"));
    }
    if meta.len() > MAX_WAV_BYTES {
        return Err(format!(
            "{shown}: {} bytes, more than {MAX_WAV_BYTES}; not read back",
            meta.len()
        ));
    }
    let mut bytes = Vec::new();
    f.take(MAX_WAV_BYTES)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{shown}: {e}"))?;
    stats(&bytes).map_err(|e| format!("{shown}: {e}"))
}

/// Parses and measures a 16-bit PCM WAV. espeak-ng writes 0xFFFFFFFF as the data size
/// when it streams, so a size larger than the file is clamped to what is there.
pub fn stats(b: &[u8]) -> Result<WavStats, WavError> {
    if b.len() < 12 || &b[0..4] != b"RIFF" || &b[8..12] != b"WAVE" {
        return Err(WavError("not a RIFF/WAVE file"));
    }
    let mut at = 12;
    let mut fmt: Option<(u16, u16, u32, u16)> = None;
    while at + 8 <= b.len() {
        let id = &b[at..at + 4];
        let size = u32le(b, at + 4).ok_or(WavError("truncated chunk"))? as usize;
        let body = at + 8;
        if id == b"fmt " {
            let format = u16le(b, body).ok_or(WavError("truncated fmt"))?;
            let channels = u16le(b, body + 2).ok_or(WavError("truncated fmt"))?;
            let rate = u32le(b, body + 4).ok_or(WavError("truncated fmt"))?;
            let bits = u16le(b, body + 14).ok_or(WavError("truncated fmt"))?;
            fmt = Some((format, channels, rate, bits));
        } else if id == b"data" {
            let (format, channels, rate, bits) = fmt.ok_or(WavError("data before fmt"))?;
            if format != 1 || bits != 16 || channels == 0 || rate == 0 {
                return Err(WavError("only 16-bit PCM is supported"));
            }
            let end = body.saturating_add(size).min(b.len());
            let data = &b[body..end];
            let n = data.len() / 2;
            let mut sum = 0f64;
            let mut peak = 0f64;
            for k in 0..n {
                let s = i16::from_le_bytes([data[2 * k], data[2 * k + 1]]) as f64 / 32768.0;
                sum += s * s;
                peak = f64::max(peak, s.abs());
            }
            let frames = (n / channels as usize) as u64;
            return Ok(WavStats {
                sample_rate: rate,
                channels,
                bits,
                samples: frames,
                duration_s: frames as f64 / rate as f64,
                rms: if n == 0 { 0.0 } else { (sum / n as f64).sqrt() },
                peak,
            });
        }
        at = body.saturating_add(size + (size & 1));
    }
    Err(WavError("no data chunk"))
}
