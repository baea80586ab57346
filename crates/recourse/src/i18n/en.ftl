# recourse's own texts in English (en). Every message id here exists in pt-BR.ftl too, and the
# reverse (a test fails otherwise). Variables are the envelope's `params`, by name.

## Labels of the human rendering.

render-error = error
render-location = at
render-did-you-mean = did you mean
render-candidates = near matches
render-candidate = line { $line }, column { $column } · { $similarity }% similar · { $strategy }
render-help = help
render-exit = exit { $exit }
render-retry-yes = retry: yes
render-retry-yes-after = retry: yes, after { $ms } ms
render-retry-no = retry: no
render-retry-unknown = retry: unknown (check whether it took effect before resending)
render-class-transient = transient
render-class-conflict = conflict
render-class-precondition_failed = precondition failed
render-class-permanent = permanent
render-class-ambiguous = ambiguous
render-redacted = { $count ->
    [one] one secret was redacted
   *[other] { $count } secrets were redacted
}
render-truncated = cut to fit: { $pointer } (was { $bytes } bytes)
render-discarded-flags = not applied
render-docs = docs

## recourse's own command-line errors (clap parse errors, `Envelope::from_clap`). The English
## text the code writes is the reference; these entries mirror it for translators.

UNKNOWN_ARGUMENT-message = unexpected argument '{ $invalid_argument }' found
UNKNOWN_ARGUMENT-recovery = { $nearby_count ->
    [0] remove `{ $invalid_argument }`, or run `recourse --help` for the accepted arguments
   *[other] replace `{ $invalid_argument }` with `{ $nearby }`, or run `recourse --help` for the accepted arguments
}
INVALID_SUBCOMMAND-message = unrecognized subcommand '{ $invalid_subcommand }'
INVALID_SUBCOMMAND-recovery = { $nearby_count ->
    [0] run `recourse --help` for the accepted arguments
   *[other] run `recourse { $nearby }` instead, or run `recourse --help` for the accepted arguments
}
INVALID_VALUE-message = invalid value '{ $invalid_value }' for '{ $invalid_argument }'
INVALID_VALUE-recovery = pass `{ $nearby }` to `{ $invalid_argument }`, or another value listed in `nearby`
MISSING_REQUIRED_ARGUMENT-message = the following required arguments were not provided: { $invalid_argument }
MISSING_REQUIRED_ARGUMENT-recovery = pass `{ $invalid_argument }`, or run `recourse --help` for the accepted arguments
MISSING_SUBCOMMAND-message = '{ $command }' requires a subcommand
MISSING_SUBCOMMAND-recovery = run `{ $command } { $nearby }`, or another subcommand listed in `nearby`
ARGUMENT_CONFLICT-message = the argument '{ $invalid_argument }' cannot be used with '{ $prior_argument }'
ARGUMENT_CONFLICT-recovery = drop `{ $invalid_argument }` or the argument it conflicts with, or run `recourse --help` for the accepted arguments

## `recourse run`'s secret flags.

SECRET_NOT_REGISTERED-message = { $reason ->
    [too_short] cannot mask the value given with { $flag }: it has fewer than { $min_chars } characters besides whitespace
    [number_like] cannot mask the value given with { $flag }: it is made only of number characters
   *[other] cannot mask the value given with { $flag }: it occurs in the envelope's own vocabulary
}
SECRET_NOT_REGISTERED-recovery = give { $flag } a value of at least { $min_chars } characters with letters or symbols besides digits, or drop the flag
SECRET_ENV_UNSET-message = --secret-env names { $variable }, which is not set
SECRET_ENV_UNSET-recovery = export { $variable } before running, or drop `--secret-env { $variable }`
