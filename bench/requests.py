"""Sends one request COUNT times over CONNECTIONS keep-alive connections and checks each reply.

    python3 bench/requests.py BASE METHOD PATH STATUS COUNT CONNECTIONS [BODY_FILE]

REQUEST_HEADER="Name: value" adds that header to every request (the room's `Debrief-Voter`).

Used by scripts/bench-instructions, where the server runs under callgrind: what matters is an
exact number of requests, each answered with STATUS (any other reply fails the run, so a count
of refusals is never read as a count of submissions), not a rate.
"""
import http.client
import os
import sys
import threading
from urllib.parse import urlsplit


def main() -> int:
    base, method, path, status, count, connections = sys.argv[1:7]
    body = open(sys.argv[7], "rb").read() if len(sys.argv) > 7 else None
    expected, count, connections = int(status), int(count), int(connections)
    address = urlsplit(base)
    failures: list[str] = []
    lock = threading.Lock()

    def worker(share: int) -> None:
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=600)
        headers = {"content-type": "application/json"} if body is not None else {}
        if os.environ.get("REQUEST_HEADER"):
            name, _, value = os.environ["REQUEST_HEADER"].partition(":")
            headers[name.strip()] = value.strip()
        for _ in range(share):
            connection.request(method, path, body=body, headers=headers)
            reply = connection.getresponse()
            text = reply.read()
            if reply.status != expected:
                with lock:
                    failures.append(f"{reply.status}: {text[:200]!r}")
                return
        connection.close()

    shares = [count // connections + (1 if i < count % connections else 0) for i in range(connections)]
    threads = [threading.Thread(target=worker, args=(share,)) for share in shares]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        print(f"error: {len(failures)} connection(s) got another reply than {expected}: {failures[0]}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
