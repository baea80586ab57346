# The failwise binary's own texts in English: its labels, and the messages and recoveries of
# its error codes (`errors::CliError` reads them at compile time, `#[catalog(ftl = …)]`);
# pt-BR.ftl translates both.

explain-exit-status = exit status
explain-error-class = error class
explain-retry = retry
explain-message = message
explain-recovery = recovery
explain-verify = verify
explain-example-message = example message
explain-example-recovery = example recovery
explain-translated = translated
explain-params = params
explain-since = since
explain-not-recorded = (not recorded)
explain-status = status
explain-replaced-by = replaced by
explain-doc = doc
explain-retired = This code is retired: it is no longer printed and is never reused.
explain-exit-varies = the command's own exit status
explain-builtin = built into failwise

## `failwise validate`: a line too long to hold (`$detail` of LINE_INVALID, whose
## `params.problem` is the code in the comment); a line that disagrees with its catalog is said
## by the library's `validate-*` texts.
# LINE_TOO_LONG
validate-line-too-long = line is longer than { $max } bytes

## `failwise catalog lint`: the summary line on stderr.
catalog-lint-summary = { $file }: { $codes } code(s), { $warnings } warning(s)

## `failwise run --timeout/--grace/--interval`: why a duration is refused (`params.reason` of
## the usage envelope); `$text` is the value as given.
duration-unknown-unit = `{ $text }` has an unknown unit: write numbers each followed by a unit (ms, s, m, h, d, w), such as 250ms, 1m30s or 1d
duration-not-a-number = `{ $text }` is not a duration: write numbers each followed by a unit (ms, s, m, h, d, w), such as 250ms, 1m30s or 1d
duration-out-of-range = `{ $text }` is out of range for a duration
duration-zero-limit = `{ $text }` is zero: a time limit must be longer than zero, such as 500ms or 30s; leave the flag out for no limit
duration-below-millisecond = `{ $text }` is shorter than a millisecond: a time limit counts in whole milliseconds, such as 1ms, 500ms or 30s
duration-negative = `{ $text }` is negative: a duration counts from zero up, such as 250ms, 1m30s or 1d

## `failwise suggest` in the human format.
suggest-region = { $path }:{ $line }:{ $column }  { $strategy } similarity { $similarity }
suggest-no-region = no near-miss region (none reaches similarity { $floor })
suggest-no-region-found = no near-miss region found (the search stopped at its work budget before it compared every window)
suggest-nothing-close = nothing close
suggest-walk-stopped = (the walk stopped early: not every path was compared)
suggest-search-stopped = (the search stopped at its work budget: a closer region may exist)

normalize-summary = normalize: { $read } read, { $normalized } normalized, { $passed_through } passed through, { $dropped } dropped, { $rejected } rejected{ $found ->
        [0] {""}
        [one] , 1 failure found in text
       *[other] , { $found } failures found in text
    }

## `failwise validate`: the summary on stderr; `$problems` lists the invalid lines by problem
## code (`3 INVALID_JSON, 1 LINE_TOO_LONG`), `$summary` is the text before it.
validate-summary = validate: { $lines } line(s) read, { $valid } valid, { $invalid } invalid, { $blank } blank
validate-summary-problems = { $summary }; invalid by problem: { $problems }
validate-summary-unreadable = { $summary }; { $unreadable } input(s) unreadable

## `failwise state` (cmd/state.rs): one line per record held, then additions to `$line`, and
## the summary on stderr. `$circuit` is `closed`, `open` or `half_open`, as on the wire.
state-call = call { $fingerprint }: { $count } failure(s) in a row, the last { $last_code } (exit { $last_exit }) at { $last_failed_at }; kept until { $expires_at }
state-refused = { $line }; refused now
state-upstream = upstream { $name }: circuit { $circuit }, { $recent_failures } transport failure(s) counted, { $retry_tokens } retry token(s) left; kept until { $expires_at }
state-open-until = { $line }; open until { $open_until }
state-wait-until = { $line }; callers wait until { $wait_until }
state-summary = state: { $calls } call(s) and { $upstreams } upstream(s) held in { $store }
state-cleared = state: { $cleared } record(s) cleared from { $store }

stdout-write-failed = failwise: cannot write to stdout: { $reason }

note-line = failwise: { $note }
## `failwise run --verify` (cmd/run/verify.rs): `$command` is the verify command, shell-quoted.
verify-running = checking whether the request took effect: `{ $command }`
verify-landed = the verify command says the request took effect, so it is not sent again
warning-line = failwise: warning: { $note }
## `failwise run --guard`/`--state` (cmd/run/guarded.rs): the store could not be used, so the
## command runs unguarded; `$reason` is the library's `store-*` phrase.
guard-unavailable = the guard is unavailable, so the command runs unguarded: { $reason }
guard-no-state-home = neither XDG_STATE_HOME nor HOME is set to an absolute path; name a store with --state
guard-limit-invalid = expected a count of failures in a row (such as 3), or off
switch-invalid = expected 1, true, yes or on to turn it on, or 0, false, no, off or nothing to leave it off
## failwise mcp's notes on stderr: an injected fault, an answer dropped, a store given up.
mcp-injected = injected { $fault } into the call of { $tool } (request id { $id })
run-injected = injected { $fault } into attempt { $attempt } of { $program }
mcp-late-answer = dropped the server's answer to request { $id }, which came after the proxy had answered it
mcp-not-jsonrpc = dropped a line of the server's stdout that is not a JSON-RPC message: { $line }
mcp-state-unavailable = the guard's store cannot be used, so the guard keeps its state in memory: { $reason }
mcp-guard-unavailable = the guard's store failed, so the proxy goes on unguarded: { $reason }
mcp-restart-failed = the server could not be started again after an injected crash: { $reason }
## A variable whose name marks it as a secret but whose value cannot be masked; `$reason` is
## the library's `secret-*` phrase.
env-secret-unmasked = the value of { $variable } cannot be masked, so it may appear in the output: { $reason }

## The error codes of `errors::CliError`: `<CODE>-message` and `<CODE>-recovery`, plain
## messages whose variables are the variant's fields (the derive refuses a select expression).
INPUT_UNREADABLE-message = cannot read { $path }: { $reason }
INPUT_UNREADABLE-recovery = check that { $path } exists and is readable, then run the command again
STDIN_UNREADABLE-message = cannot read standard input ({ $path }): { $reason }
STDIN_UNREADABLE-recovery = redirect standard input from a readable file or a pipe (not a directory), or name the file instead of { $path }, then run the command again
INPUT_TOO_LARGE-message = { $path } is larger than { $max } bytes, the most failwise reads of one file
INPUT_TOO_LARGE-recovery = give a file of at most { $max } bytes (cut { $path } to the part that matters, for example with `head -c`), then run the command again
CATALOG_INVALID-message = catalog { $path } is not usable: { $reason }
CATALOG_INVALID-recovery = fix { $path } as the message says; the format is schemas/catalog.v1.schema.json
UNKNOWN_CODE-message = no code { $code } in the { $tool } catalog
UNKNOWN_CODE-recovery = list the codes of the { $tool } catalog with `failwise catalog docs` (add the catalog's file when you passed --catalog), then run `failwise explain` with one of them
LINE_INVALID-message = { $path } line { $line }: { $detail }
LINE_INVALID-recovery = fix the writer of { $path } so line { $line } satisfies the envelope schema (`failwise schema` prints it) and the catalog, then run `failwise validate` again
SECRET_NOT_REGISTERED-message = cannot mask the value given with { $flag }: { $detail }
SECRET_NOT_REGISTERED-recovery = give { $flag } the whole secret value, as the message says it must be (at least { $min_chars } characters, not only digits or JSON punctuation, no quotation mark beside punctuation, not a word every envelope prints), or drop the flag
SECRET_ENV_NOT_REGISTERED-message = cannot mask the value of { $variable } given with { $flag }: { $detail }
SECRET_ENV_NOT_REGISTERED-recovery = set { $variable } to a value failwise can mask, as the message says it must be (at least { $min_chars } characters, not only digits or JSON punctuation, no quotation mark beside punctuation, not a word every envelope prints), or drop `{ $flag } { $variable }`
SECRET_ENV_UNSET-message = --secret-env names { $variable }, which is not set
SECRET_ENV_UNSET-recovery = export { $variable } before running, or drop `--secret-env { $variable }`
RULE_EXAMPLE_MISMATCH-message = rule { $rule } of pack { $pack } reads its example as { $got }, not { $expected }
RULE_EXAMPLE_MISMATCH-recovery = fix rule { $rule } of pack { $pack } or its example ({ $example }) so they agree, then run `failwise rules test` again
RULE_PACK_INVALID-message = rule pack { $at } cannot be used: { $field }: { $detail }
RULE_PACK_INVALID-recovery = fix { $field } in { $path } as the message says (the format is schemas/rule-pack.v1.schema.json, `failwise rules schema` prints it), then run `failwise rules lint { $path }`; the other packs still apply
RULE_INVALID-message = rule { $rule } ({ $code }) of { $at } cannot be used: { $field }: { $detail }
RULE_INVALID-recovery = fix { $field } of rule { $rule } in { $path } as the message says, then run `failwise rules lint { $path }`; until then the pack is left out and the other packs still apply
RULE_OVERLAP-message = rule { $rule } ({ $code }) of { $path } and rule { $other_rule } ({ $other_code }) of { $other_path } each read the other's examples, so which one answers depends on where they match
RULE_OVERLAP-recovery = give one of the two a higher `priority`, or narrow its `match` to its own examples, then run `failwise rules lint { $path }` again
RULE_NEVER_WINS-message = rule { $rule } ({ $code }) of { $path } never answers: rule { $other_rule } ({ $other_code }) of { $other_path } wins on each of its examples
RULE_NEVER_WINS-recovery = raise the `priority` of rule { $rule } in { $path } above that of { $other_code }, or remove the rule, then run `failwise rules lint { $path }` again
RULE_SHADOWED-message = rule { $rule } ({ $code }) of { $path } never answers on its own examples: rule { $other_rule } ({ $other_code }) of { $other_path } wins on each and reads it the same
RULE_SHADOWED-recovery = give rule { $rule } in { $path } an example only it reads, or remove it as redundant, then run `failwise rules lint { $path }` again
RULE_PATTERN_MISSES_EXAMPLE-message = the pattern of rule { $rule } ({ $code }) in { $path } does not match its example ({ $example })
RULE_PATTERN_MISSES_EXAMPLE-recovery = fix `match` of rule { $rule } in { $path } so it reads what the example's command printed, then run `failwise rules lint { $path }` again
RULE_TEXT_UNKNOWN_VARIABLE-message = a text of rule { $rule } ({ $code }) in { $path } uses { $variable }, which neither its pattern captures nor the envelope gives
RULE_TEXT_UNKNOWN_VARIABLE-recovery = name a capture `(?P<{ $variable }>…)` in `match` of rule { $rule } in { $path }, or take { $variable } out of its text, then run `failwise rules lint { $path }` again
catalog-diff-no-changes = { $old } and { $new } hold the same codes: no change
rules-list-line = { $pack }: { $rules } rule(s), { $examples } example(s)
rules-test-summary = { $packs } pack(s), { $rules } rule(s): { $examples } example(s) replayed, { $mismatches } mismatch(es)
rules-list-line-user = { $pack }: { $rules } rule(s), { $examples } example(s), from { $file } ({ $origin })
rules-lint-summary = { $packs } pack(s), { $rules } rule(s) linted: { $errors } error(s), { $warnings } warning(s)
LINT_WARNINGS-message = { $count } lint warning(s) in { $path }
LINT_WARNINGS-recovery = fix the warnings printed above, or run `failwise catalog lint` without --strict
BREAKING_CHANGE-message = { $count } breaking change(s) from { $old } to { $new }
BREAKING_CHANGE-recovery = undo the breaking changes listed above, or release them in a new major version
EMPTY_COMMAND-message = the command to run is empty
EMPTY_COMMAND-recovery = pass the program to run after `--`, as in `failwise run -- make test`
STATE_UNAVAILABLE-message = cannot use the state store { $store }: { $reason }
STATE_UNAVAILABLE-recovery = check that the store { $store } can be reached (a Redis server running, a writable folder), or name another with --state
CALL_FINGERPRINT_INVALID-message = { $value } is not a call's fingerprint
CALL_FINGERPRINT_INVALID-recovery = pass the 32 hexadecimal digits of `params.call` of a REPEATED_FAILURE envelope, or list the calls held with `failwise state show`
INJECT_NEEDS_CALL_TIMEOUT-message = --inject names the timeout fault, which holds an answer past --call-timeout, but --call-timeout is not given
INJECT_NEEDS_CALL_TIMEOUT-recovery = add --call-timeout DURATION (such as --call-timeout 5s), or take timeout out of --inject
STDIN_NAMED_TWICE-message = standard input (`-`) is given to both { $first } and { $second } of `{ $command }`, and it can be read only once
STDIN_NAMED_TWICE-recovery = save standard input to a file and pass that file to { $first } or to { $second }, so that `-` is given once, then run `{ $command }` again
