# The Python package's own texts in English: the messages of the exceptions it raises for a
# value it cannot take (the library's own errors keep the library's texts); pt-BR.ftl
# translates them.

## A Python value that is no JSON value (`$type` is its type's name).
py-not-json = { $type } is not a JSON value
py-key-not-str = the keys of an object must be str, not { $type }
py-too-deep = the value is nested more than { $max } levels deep
py-int-too-large = the integer { $value } does not fit in 64 bits
py-float-not-finite = the float { $value } is not finite
py-not-input = read takes str, bytes, a dict or a list of dicts, not { $type }

## Names the package reads.
py-unknown-dialect = no dialect is named { $name }; the names are: { $names }
py-unknown-form = no dialect or form can be written as { $name }; the names are: { $names }
py-unknown-code = { $code } is not a code failwise gives{ $catalog ->
    [none] {""}
   *[other] {" "}or the { $catalog } catalog holds
}
py-exit-invalid = exit status { $status } is not a status a command can end with (a signal is -N, as subprocess gives it)
py-store-unreadable = the guard's store cannot be used: { $reason }
