"""A transparent stdio relay that records every byte in each direction: `tap.py LOG -- CMD...`
runs CMD, copies its stdin to CMD's and CMD's stdout to its own, unchanged, and writes what went
each way to LOG.up (towards CMD) and LOG.down (from CMD). Two taps, one on each side of
`failwise mcp`, show whether the proxy changed a byte."""

import subprocess
import sys
import threading

log = sys.argv[1]
command = sys.argv[sys.argv.index("--") + 1 :]
child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)


def pump(source, sink, path):
    with open(path, "wb") as record:
        while True:
            chunk = source.read1(65536) if hasattr(source, "read1") else source.read(65536)
            if not chunk:
                break
            record.write(chunk)
            record.flush()
            sink.write(chunk)
            sink.flush()
    sink.close()


up = threading.Thread(target=pump, args=(sys.stdin.buffer, child.stdin, log + ".up"))
down = threading.Thread(target=pump, args=(child.stdout, sys.stdout.buffer, log + ".down"))
up.start()
down.start()
down.join()
sys.exit(child.wait())
