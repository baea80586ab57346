"""`from_exception` on real exceptions: raised by `requests` against a local HTTP server that
answers 429 with Retry-After (plain text, and an API's JSON error body), and against a closed
loopback port; and Python's own exceptions with their chains."""

from __future__ import annotations

import http.server
import json
import socket
import threading

import pytest
import requests

import failwise

OPENAI_RATE_LIMIT = json.dumps(
    {"error": {"message": "Rate limit reached for requests", "type": "requests", "param": None, "code": "rate_limit_exceeded"}}
).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - the name http.server calls
        body, kind = (
            (OPENAI_RATE_LIMIT, "application/json") if self.path == "/v1/chat" else (b"Too Many Requests", "text/plain")
        )
        self.send_response(429)
        self.send_header("Retry-After", "3")
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def raised(call):
    try:
        call()
    except BaseException as e:  # noqa: BLE001 - the test reads whatever was raised
        return e
    raise AssertionError("nothing was raised")


def test_a_429_with_retry_after_is_transient_with_its_wait(server):
    exc = raised(lambda: requests.get(server + "/poll", timeout=5).raise_for_status())
    assert isinstance(exc, requests.HTTPError)
    e = failwise.from_exception(exc)
    assert (e.code, e.error_class, e.retry, e.retry_after_ms) == ("HTTP_429", "transient", "yes", 3000)
    assert any(c.get("code") == "requests.exceptions.HTTPError" for c in e.causes)
    assert failwise.validate(e.to_json()) == []


def test_an_api_error_body_decides_with_the_response_status_and_wait(server):
    exc = raised(lambda: requests.get(server + "/v1/chat", timeout=5).raise_for_status())
    e = failwise.from_exception(exc)
    assert (e.code, e.retry, e.retry_after_ms) == ("RATE_LIMIT_EXCEEDED", "yes", 3000)
    assert e.source["dialect"] == "openai"
    # The traceback's reading is the first cause, the exception chain after it.
    assert e.causes[0]["code"] == "HTTP_429"
    assert any(c.get("code") == "requests.exceptions.HTTPError" for c in e.causes)


def test_a_refused_connection_cannot_have_landed():
    port = closed_port()
    exc = raised(lambda: requests.get(f"http://127.0.0.1:{port}/", timeout=5))
    assert isinstance(exc, requests.ConnectionError)
    e = failwise.from_exception(exc)
    assert (e.code, e.error_class, e.retry) == ("ECONNREFUSED", "transient", "yes")
    assert e.source == {"dialect": "python-traceback", "code": "ConnectionRefusedError"}
    assert [c["code"] for c in e.causes][0] == "requests.exceptions.ConnectionError"


def test_python_exceptions_and_their_chains():
    e = failwise.from_exception(raised(lambda: open("/no/such/file")))
    assert (e.code, e.path) == ("ENOENT", "/no/such/file")

    def chained():
        try:
            {}["missing"]
        except KeyError as inner:
            raise RuntimeError("config could not be read") from inner

    e = failwise.from_exception(raised(chained))
    codes = [e.source and e.source.get("code")] + [c.get("code") for c in e.causes]
    assert "RuntimeError" in codes and "KeyError" in codes
    # An exception never raised has no traceback of its own; it is read all the same.
    e = failwise.from_exception(ConnectionRefusedError(111, "Connection refused"))
    assert e.code == "ECONNREFUSED"


def test_an_exception_shaped_like_botocores_gives_its_status():
    # Not botocore itself: a class with the attributes botocore's ClientError has (`response`,
    # the parsed dict), to show the duck-typed reading. Its message is botocore's, as
    # corpus/embedded (the aws pack's example, `botocore.errorfactory.ThrottlingException`)
    # holds it.
    class ThrottlingException(Exception):
        def __init__(self):
            super().__init__(
                "An error occurred (ThrottlingException) when calling the PutItem operation "
                "(reached max retries: 3): Rate of requests exceeds the allowed throughput."
            )
            self.response = {
                "Error": {"Code": "ThrottlingException", "Message": "Rate of requests exceeds the allowed throughput."},
                "ResponseMetadata": {"HTTPStatusCode": 400, "HTTPHeaders": {"x-amzn-requestid": "r1"}, "RetryAttempts": 3},
            }

    ThrottlingException.__module__ = "botocore.errorfactory"
    ThrottlingException.__qualname__ = "ThrottlingException"
    e = failwise.from_exception(raised(lambda: (_ for _ in ()).throw(ThrottlingException())))
    # The status, 400, says less than the error code does: the AWS code decides.
    assert (e.code, e.error_class, e.retry) == ("THROTTLING_EXCEPTION", "transient", "yes")
