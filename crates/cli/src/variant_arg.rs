//! `--variant`, the same for every subcommand: the two values of the
//! vocabulary's [`Variant`] as a clap `ValueEnum` (listed by `--help`),
//! refused in the words `arbiter play` has always used.

use arbiter_rules::Variant;
use clap::ValueEnum;
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use std::ffi::OsStr;

/// The value parser of `--variant`.
#[derive(Clone, Copy, Debug)]
pub struct VariantParser;

impl TypedValueParser for VariantParser {
    type Value = Variant;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Variant, clap::Error> {
        let text = value.to_string_lossy();
        text.parse::<Variant>().map_err(|_| {
            clap::Error::raw(
                ErrorKind::InvalidValue,
                format!(
                    "--variant must be chess or tavreli, not {:?}\n",
                    arbiter_laws::log::cut(&text, 24)
                ),
            )
            .with_cmd(cmd)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        // The names only: the flag's own help already says what they are.
        Some(Box::new(
            Variant::value_variants()
                .iter()
                .map(|v| PossibleValue::new(v.key())),
        ))
    }
}
