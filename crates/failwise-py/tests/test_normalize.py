"""`normalize` and `write` from Python agree with `failwise normalize` (the wheel's binary) on
the samples the Rust tests read: every file of the dialect corpus (fixtures/corpus) and of the
classification corpus (corpus/), which between them hold every dialect failwise reads."""

from __future__ import annotations

import json
import pathlib

import pytest

import failwise

ROOT = pathlib.Path(__file__).resolve().parents[3]
SAMPLES = sorted(
    p
    for base in (ROOT / "fixtures" / "corpus", ROOT / "corpus")
    for p in base.rglob("*")
    if p.is_file() and p.suffix in {".json", ".txt", ".ndjson"} and p.name != "expected.json"
)


#: Records the Rust tests write inline, for the dialects the corpora hold no file of: a bare
#: google.rpc.Status (crates/failwise/tests/dialects/google_rpc.rs,
#: `a_localized_message_that_is_the_message_gives_its_language`) and a canonical line
#: (crates/failwise/src/read.rs, the example of `ReadError`, with its recovery).
INLINE = [
    '{"code": 5, "message": "não encontrado", "details": [{"@type": '
    '"type.googleapis.com/google.rpc.LocalizedMessage", "locale": "pt-BR", "message": "não encontrado"}]}',
    '{"error":true,"code":"LOCKED","exit":75,"message":"database is locked","error_class":"transient",'
    '"retry":"yes","retryable":true,"recovery":"wait for the other writer, then run the command again"}',
]


def test_the_samples_are_there():
    assert len(SAMPLES) > 100


def test_normalize_gives_what_the_binary_gives_for_every_dialect(cli, tmp_path):
    """Every sample, read by one `failwise normalize` over them all (in order) and by
    `failwise.normalize` file by file: the same envelopes, byte for byte; and among them every
    dialect failwise reads (a canonical line is its own envelope, with no `source`)."""
    inline = tmp_path / "inline.ndjson"
    inline.write_text("\n".join(INLINE) + "\n", encoding="utf-8")
    files = [*SAMPLES, inline]
    ran = cli.run(["normalize", "--drop-non-failures", *map(str, files)])
    assert ran.returncode in (0, 65), ran.stderr
    expected = [line for line in ran.stdout.decode().splitlines() if line]
    got = []
    seen = set()
    for path in files:
        text = path.read_bytes()
        for e in failwise.normalize(text, name=str(path)):
            got.append((path, e.to_json()))
            if e.source:
                seen.add(e.source["dialect"])
            elif e.to_json().encode() in text.splitlines():
                seen.add("failwise")
    for i, ((path, line), want) in enumerate(zip(got, expected)):
        assert line == want, f"envelope {i}, of {path}"
    assert len(got) == len(expected)
    missing = [d for d in failwise.dialects() if d not in seen]
    assert not missing, f"no sample reads as {missing}"


def test_a_forced_dialect_and_records_as_python_values():
    record = {"error": {"code": -32601, "message": "Method not found"}, "jsonrpc": "2.0", "id": 7}
    (e,) = failwise.normalize(record)
    assert (e.code, e.source["dialect"]) == ("METHOD_NOT_FOUND", "json-rpc")
    both = failwise.normalize([record, {"ok": True}, record])
    assert [x.code for x in both] == ["METHOD_NOT_FOUND", "METHOD_NOT_FOUND"]
    (forced,) = failwise.normalize('{"code":"E_X","message":"boom"}', from_="eval-mock")
    assert forced.source["dialect"] == "eval-mock"
    with pytest.raises(failwise.UnknownName) as caught:
        failwise.normalize("{}", from_="no-such-dialect")
    assert "json-rpc" in caught.value.names
    with pytest.raises(TypeError):
        failwise.normalize(3.5)


def test_an_unreadable_record_is_an_envelope_naming_its_line():
    (e,) = failwise.normalize(b'{"error": true, "code": \n', name="in.ndjson")
    assert e.code == "UNREADABLE_RECORD"
    assert "in.ndjson" in json.dumps(e.to_dict())


@pytest.mark.parametrize("form", failwise.dialects(writable=True))
def test_write_gives_what_normalize_to_gives(form, cli):
    line = (ROOT / "fixtures" / "corpus" / "6-http-apis" / "openai-429-rate-limit-rpm.json").read_bytes()
    (e,) = failwise.normalize(line)
    ran = cli.run(["normalize", "--to", form, "-"], input=e.to_json().encode() + b"\n")
    assert ran.returncode == 0, ran.stderr
    assert failwise.write(e, to=form) == ran.stdout.decode().rstrip("\n")
