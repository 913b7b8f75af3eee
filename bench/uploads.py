"""One account uploading at its limit with the worst pictures it is allowed, and another person's
small uploads meanwhile (bench/uploads.sh starts the server and reads its memory).

The worst picture: a PNG of just under the pixel cap that compresses to almost nothing (one
colour), so it costs the most memory and CPU for the fewest bytes sent. The attacker sends
BENCH_UPLOADS_WORST of them at once, as fast as the server answers, on BENCH_UPLOADS_POOL
connections, for BENCH_UPLOADS_SECONDS; each answer (200, or 429 past the quota) is counted.
Meanwhile other people upload a small photo (a 640 x 480 JPEG) every 250 ms between them, on a
connection of their own, each within the quota (the tokens take turns); their latencies are the
figure (p50, p99, max).

Usage: python3 bench/uploads.py BASE ATTACKER_TOKEN SMALL_JPEG_FILE VICTIM_TOKEN...
Prints one line: "worst_sent worst_ok worst_limited victim_n p50_ms p99_ms max_ms victim_failed".
"""
import base64
import http.client
import json
import os
import struct
import sys
import threading
import time
import zlib
from urllib.parse import urlparse

WIDTH, HEIGHT = 4800, 4990  # 23.95 megapixels: just under the cap of 24


def worst_png() -> bytes:
    row = b"\x00" + b"\x7f\x20\x50" * WIDTH  # filter byte, then RGB pixels of one colour
    raw = zlib.compress(row * HEIGHT, 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def body(picture: bytes, mime: str) -> bytes:
    data = base64.b64encode(picture).decode()
    return json.dumps({"image": f"data:{mime};base64,{data}"}).encode()


def main() -> None:
    base, attacker, small_file = sys.argv[1:4]
    victims = sys.argv[4:]
    url = urlparse(base)
    seconds = float(os.environ.get("BENCH_UPLOADS_SECONDS", "20"))
    pool = int(os.environ.get("BENCH_UPLOADS_POOL", "8"))
    worst = body(worst_png(), "image/png")
    small = body(open(small_file, "rb").read(), "image/jpeg")
    stop = time.monotonic() + seconds
    counts = {"sent": 0, "ok": 0, "limited": 0}
    lock = threading.Lock()

    def post(conn, token, payload):
        conn.request("POST", "/prod-api/common/image/uploads/base64", payload,
                     {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        answer = conn.getresponse()
        answer.read()
        return answer.status

    def attack():
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
        while time.monotonic() < stop:
            status = post(conn, attacker, worst)
            with lock:
                counts["sent"] += 1
                if status == 200:
                    counts["ok"] += 1
                elif status == 429:
                    counts["limited"] += 1
            if status == 429:
                time.sleep(0.2)

    latencies, failed = [], 0
    def small_uploads():
        nonlocal failed
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
        due = time.monotonic() + 1.0
        turn = 0
        while due < stop:
            time.sleep(max(0.0, due - time.monotonic()))
            status = post(conn, victims[turn % len(victims)], small)
            turn += 1
            # Counted from when it was due: a stalled server shows.
            latencies.append((time.monotonic() - due) * 1000)
            if status != 200:
                failed += 1
            due += 0.25

    threads = [threading.Thread(target=attack) for _ in range(pool)]
    threads.append(threading.Thread(target=small_uploads))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    latencies.sort()
    pct = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))]
    print(counts["sent"], counts["ok"], counts["limited"], len(latencies),
          f"{pct(0.5):.0f}", f"{pct(0.99):.0f}", f"{latencies[-1]:.0f}", failed)


if __name__ == "__main__":
    main()
