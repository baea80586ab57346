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
