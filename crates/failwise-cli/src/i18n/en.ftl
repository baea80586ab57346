# The failwise binary's own labels in English. The messages and recoveries of its error
# codes are the templates of `errors::CliError` (English); pt-BR.ftl translates both.

explain-exit-status = exit status
explain-error-class = error class
explain-retry = retry
explain-message = message
explain-recovery = recovery
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
normalize-summary = normalize: { $read } read, { $normalized } normalized, { $passed_through } passed through, { $dropped } dropped, { $rejected } rejected

stdout-write-failed = failwise: cannot write to stdout: { $reason }

warning-line = failwise: warning: { $note }
