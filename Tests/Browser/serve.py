"""Runs `seemore serve` for a browser test and stops it: SIGTERM must end it with exit 0."""
import contextlib
import signal
import subprocess


@contextlib.contextmanager
def running(binary, arguments, checks):
    """Yields (process, URL) of `seemore serve --port 0 ARGUMENTS`; stops it afterwards, whatever happened."""
    server = subprocess.Popen([binary, "serve", "--port", "0"] + arguments,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        checks.check(line.startswith("Serving on http://127.0.0.1:"), f"the server says where it listens: {line!r}")
        yield server, line.split()[2]
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            status = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            checks.fail("the server did not stop within 30 s of SIGTERM")
    checks.check(status == 0, f"SIGTERM stops the server with exit 0, not {status}: {server.stderr.read()}")
