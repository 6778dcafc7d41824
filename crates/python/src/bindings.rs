//! The Python module `arbiter_chess._arbiter`: the library's functions
//! with the GIL released while they work, their typed errors as
//! exception classes, their records as dicts with the command's keys.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyList, PyString};
use serde_json::Value;

use crate::error::ApiError;
use crate::{AuditSettings, Sides};

create_exception!(
    arbiter_chess,
    ArbiterError,
    PyException,
    "The base of every error arbiter_chess raises; its message is the reason."
);
create_exception!(
    arbiter_chess,
    InputError,
    ArbiterError,
    "The input cannot be read: bytes that are not UTF-8, an unreadable event log, a bad FEN, \
     a record whose reading had to stop."
);
create_exception!(
    arbiter_chess,
    OptionError,
    ArbiterError,
    "An option names nothing known: an edition, a variant, a regime, a lexicon or a side."
);
create_exception!(
    arbiter_chess,
    MoveError,
    InputError,
    "A move that cannot be played in the position: illegal, ambiguous or unreadable."
);

impl From<ApiError> for PyErr {
    fn from(e: ApiError) -> PyErr {
        match e {
            ApiError::Input(m) => InputError::new_err(m),
            ApiError::Option(m) => OptionError::new_err(m),
            ApiError::Move(m) => MoveError::new_err(m),
            ApiError::Internal(m) => ArbiterError::new_err(m),
        }
    }
}

/// The bytes of a `str` (as UTF-8) or `bytes` argument, copied so that the
/// work can run without the GIL.
fn text_bytes(text: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = text.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(s) = text.cast::<PyString>() {
        return match s.to_str() {
            Ok(s) => Ok(s.as_bytes().to_vec()),
            Err(_) => Err(InputError::new_err(
                "the text cannot be written as UTF-8 (it holds a lone surrogate)",
            )),
        };
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "expected str or bytes",
    ))
}

/// A JSON value as the Python value `json.loads` would give.
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(to_py(py, x)?)?;
            }
            list.into_any()
        }
        Value::Object(o) => {
            let dict = PyDict::new(py);
            for (k, x) in o {
                dict.set_item(k, to_py(py, x)?)?;
            }
            dict.into_any()
        }
    })
}

/// A serialisable record as its JSON value, the command's keys.
fn json<T: serde::Serialize>(x: &T) -> PyResult<Value> {
    serde_json::to_value(x).map_err(|e| ArbiterError::new_err(format!("internal error: {e}")))
}

/// Audit every game of a PGN record against the FIDE Laws, as
/// `arbiter audit --json` does: one dict per game, in file order, with the
/// command's keys (game, recorded, result, termination, ply, agrees,
/// claimable, error, flag, and notes when there are any).
///
/// text: the record, str or bytes (UTF-8).
/// edition: "2005", "2017", "2018", "2023" or "tavreli"; None is the
///     variant's own (2023 for chess, tavreli for Tavreli).
/// variant: "chess" or "tavreli".
/// regime: "standard", "rapid" or "blitz", for a game with no TimeControl tag.
///
/// A game that cannot be replayed carries its reason in "error" and the
/// rest go on. Raises InputError (bytes that are not UTF-8, a line over
/// 64 KiB) and OptionError (an unknown edition, variant or regime).
/// The GIL is released while the games are audited.
#[pyfunction]
#[pyo3(signature = (text, edition=None, variant="chess", regime=None))]
fn audit_pgn<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    edition: Option<String>,
    variant: &str,
    regime: Option<String>,
) -> PyResult<Bound<'py, PyList>> {
    let bytes = text_bytes(text)?;
    let settings = AuditSettings {
        edition,
        variant: Some(variant.to_string()),
        regime,
    };
    let values = py.detach(|| {
        crate::audit_pgn(&bytes, &settings).map(|records| {
            records
                .iter()
                .map(|r| serde_json::to_value(r).unwrap_or(Value::Null))
                .collect::<Vec<_>>()
        })
    })?;
    let list = PyList::empty(py);
    for v in &values {
        list.append(to_py(py, v)?)?;
    }
    Ok(list)
}

/// Fold an event log (JSON Lines, docs/event-log.md) and return its final
/// state as a dict with the keys of `arbiter replay --json`.
///
/// log_text: the log, str or bytes (UTF-8).
///
/// Raises InputError when the log cannot be read whole (a bad line, a line
/// over 64 KiB, a header the Laws refuse). The GIL is released meanwhile.
#[pyfunction]
fn replay<'py>(py: Python<'py>, log_text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let bytes = text_bytes(log_text)?;
    let report = py.detach(|| crate::replay_log(&bytes))?;
    to_py(py, &json(&report)?)
}

/// Which sides can still checkmate by any series of legal moves (FIDE Laws
/// 5.2.2, 6.9): the label `arbiter unwinnable` prints, "W" or "-" for
/// White then "B" or "-" for Black, "?" for a side undetermined or not
/// asked ("WB", "W-", "--", "W?"…).
///
/// side: "white" or "black" to ask one side only; None asks both.
/// budget_ms: answer within this many milliseconds; None: a fixed node budget.
/// edition: "2017", "2018" or "2023" puts the 75-move rule's horizon on the
///     mate; None (or "2005") puts none.
///
/// Raises InputError for a bad FEN, OptionError for an unknown side or
/// edition. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (fen, side=None, budget_ms=None, edition=None))]
fn unwinnable(
    py: Python<'_>,
    fen: &str,
    side: Option<&str>,
    budget_ms: Option<u64>,
    edition: Option<&str>,
) -> PyResult<String> {
    let sides = Sides::parse(side)?;
    let (fen, edition) = (fen.to_string(), edition.map(str::to_string));
    Ok(py.detach(|| crate::unwinnable(&fen, sides, budget_ms, edition.as_deref()))?)
}

/// Read a move in any notation arbiter reads (SAN, UCI, national letters,
/// figurines, spoken words in English, Russian or the FIDE names) in the
/// position `fen` (None: the initial position) and return it in SAN.
///
/// lexicon: "fide-de", "ru-fide", "ru", "en" or "nato" to read the text as
///     words of that lexicon; None detects the notation.
///
/// Raises MoveError (illegal, ambiguous or unreadable; the message lists
/// the candidates), InputError (bad FEN), OptionError (unknown lexicon).
#[pyfunction]
#[pyo3(signature = (text, fen=None, lexicon=None))]
fn parse_move(
    py: Python<'_>,
    text: &str,
    fen: Option<&str>,
    lexicon: Option<&str>,
) -> PyResult<String> {
    let (text, fen, lexicon) = (
        text.to_string(),
        fen.map(str::to_string),
        lexicon.map(str::to_string),
    );
    Ok(py.detach(|| crate::parse_move(&text, fen.as_deref(), lexicon.as_deref()))?)
}

/// The move `san` (any notation parse_move reads) in the position `fen`,
/// in the words of `lexicon` ("fide-de", "ru-fide", "ru", "en", "nato"),
/// as `arbiter say --move` says it (FIDE Laws, Appendix D).
///
/// Raises MoveError, InputError or OptionError as parse_move does.
#[pyfunction]
#[pyo3(signature = (san, fen=None, lexicon="en"))]
fn say(py: Python<'_>, san: &str, fen: Option<&str>, lexicon: &str) -> PyResult<String> {
    let (san, fen, lexicon) = (
        san.to_string(),
        fen.map(str::to_string),
        lexicon.to_string(),
    );
    Ok(py.detach(|| crate::say(&san, fen.as_deref(), &lexicon))?)
}

/// The extension module, imported by the package `arbiter_chess`.
#[pymodule]
#[pyo3(name = "_arbiter")]
fn arbiter_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ArbiterError", py.get_type::<ArbiterError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add_function(wrap_pyfunction!(audit_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(unwinnable, m)?)?;
    m.add_function(wrap_pyfunction!(parse_move, m)?)?;
    m.add_function(wrap_pyfunction!(say, m)?)?;
    Ok(())
}
