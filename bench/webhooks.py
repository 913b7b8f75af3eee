#!/usr/bin/env python3
"""Stripe webhooks for bench/webhooks.sh: events signed as Stripe signs them, sent at a fixed
rate with the latency measured from each send's scheduled time, written out for wrk, and sent
again once each.

Every event is a `checkout.session.completed` of one seeded order (session `cs_bench_<id>`,
payment intent `pi_bench_<id>`, 999 USD cents), signed at the moment the command starts:
`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.

  rate   --base URL --secret S --orders FILE --rate R --seconds S --warmup W --pool P --out FILE
         Open loop: send i is due at its scheduled time whatever happened to the sends before
         it; a pool of P keep-alive connections takes them in turn, and when every connection
         is busy the send waits, its latency still counted from when it was due (no
         coordinated omission). Each event is sent twice: for even events both copies at the
         same moment (two connections racing), for odd events the copy about a second later;
         every fifth event a third time about five seconds later (Stripe retries). Prints its
         figures, then a RESULT line for the script; writes the ids of the orders sent to --out.
  wrk    --secret S --orders FILE --out FILE
         Lines "<signature>\\t<body>" for the wrk script, each event on two lines one after the
         other (a race of two connections).
  resend --base URL --secret S --orders FILE --pool P
         Each event once, freshly signed; prints the answers by status.

A request whose keep-alive connection broke is sent once more on a new connection, as an HTTP
client does (a webhook sent twice is what is measured anyway); a second failure is an error.
"""
import argparse
import asyncio
import hashlib
import hmac
import json
import math
import sys
import time
import urllib.parse

PATH = '/prod-api/order/webhook/stripe'


def event(order_id, t, secret):
    body = json.dumps({
        'id': f'evt_bench_{order_id}',
        'object': 'event',
        'type': 'checkout.session.completed',
        'data': {'object': {
            'id': f'cs_bench_{order_id}',
            'object': 'checkout.session',
            'client_reference_id': str(order_id),
            'payment_status': 'paid',
            'status': 'complete',
            'amount_total': 999,
            'currency': 'usd',
            'payment_intent': f'pi_bench_{order_id}',
        }},
    }, separators=(',', ':'))
    mac = hmac.new(secret.encode(), f'{t}.{body}'.encode(), hashlib.sha256).hexdigest()
    return f't={t},v1={mac}', body


def read_orders(path):
    return [int(x) for x in open(path).read().split()]


def request_bytes(host, signature, body):
    data = body.encode()
    return (f'POST {PATH} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n'
            f'Stripe-Signature: {signature}\r\nContent-Length: {len(data)}\r\n\r\n').encode() + data


async def exchange(reader, writer, payload):
    """Sends one request on a keep-alive connection; (status, body) of the answer."""
    writer.write(payload)
    head = await reader.readuntil(b'\r\n\r\n')
    lines = head.decode('latin-1').split('\r\n')
    status = int(lines[0].split(' ', 2)[1])
    headers = {}
    for line in lines[1:]:
        if ':' in line:
            k, v = line.split(':', 1)
            headers[k.strip().lower()] = v.strip()
    if 'content-length' in headers:
        body = await reader.readexactly(int(headers['content-length']))
    elif headers.get('transfer-encoding', '').lower() == 'chunked':
        body = b''
        while True:
            size = int((await reader.readuntil(b'\r\n')).strip().split(b';')[0], 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                break
            body += chunk[:-2]
    else:
        body = await reader.read()
    return status, body


def answer_ok(status, body):
    if status != 200:
        return False
    try:
        return json.loads(body).get('code') == 200
    except ValueError:
        return False


class Pool:
    """P keep-alive connections taking jobs from a queue; a broken connection is reopened."""

    def __init__(self, base, size):
        u = urllib.parse.urlsplit(base)
        self.host, self.port = u.hostname, u.port or 80
        self.hostport = f'{self.host}:{self.port}'
        self.size = size
        self.queue = asyncio.Queue()

    async def worker(self, handle):
        try:
            reader, writer = await asyncio.open_connection(self.host, self.port)
        except OSError:
            reader = writer = None
        while True:
            job = await self.queue.get()
            if job is None:
                break
            payload = job[-1]
            for _ in range(2):
                try:
                    if writer is None:
                        reader, writer = await asyncio.open_connection(self.host, self.port)
                    status, body = await exchange(reader, writer, payload)
                    break
                except (OSError, asyncio.IncompleteReadError, ValueError) as e:
                    if writer is not None:
                        writer.close()
                    reader = writer = None
                    status, body = -1, str(e).encode()
            handle(job, status, body, time.perf_counter())
        if writer is not None:
            writer.close()


def percentile(sorted_values, q):
    """The nearest-rank percentile."""
    if not sorted_values:
        return float('nan')
    return sorted_values[min(len(sorted_values) - 1, max(0, math.ceil(q / 100 * len(sorted_values)) - 1))]


def schedule(n_events, total, rate):
    """[(due seconds, event index)] for `total` sends, send i due at i / rate: new events in
    order, with the copies described in the module's doc."""
    pending = {}  # send index -> [event index]: copies due from that send on
    sends = []
    k = 0
    gap = 1.0 / rate
    while len(sends) < total:
        s = len(sends)
        waiting = pending.pop(s, None)
        if waiting:
            sends.append((s * gap, waiting.pop(0)))
            if waiting:
                pending.setdefault(s + 1, []).extend(waiting)
            continue
        if k >= n_events:
            break
        sends.append((s * gap, k))
        if k % 2 == 0:
            # The racing copy, due at the same moment: it takes the next send's place.
            sends.append((s * gap, k))
            if s + 1 in pending:
                pending.setdefault(s + 2, []).extend(pending.pop(s + 1))
        else:
            pending.setdefault(s + int(rate), []).append(k)
        if k % 5 == 0:
            pending.setdefault(s + int(5 * rate), []).append(k)
        k += 1
    return sends[:total]


async def run_rate(a):
    orders = read_orders(a.orders)
    total = int(a.rate * (a.seconds + a.warmup))
    sends = schedule(len(orders), total, a.rate)
    if len(sends) < total:
        sys.exit(f'rate: {len(orders)} orders are too few for {total} sends')
    t = int(time.time())
    pool = Pool(a.base, a.pool)
    payloads = {}
    for _, e in sends:
        if e not in payloads:
            sig, body = event(orders[e], t, a.secret)
            payloads[e] = request_bytes(pool.hostport, sig, body)
    results = []  # (due, latency from due, ok, status, body)

    def handle(job, status, body, done):
        due_abs = job[0]
        results.append((due_abs - t0, done - due_abs, answer_ok(status, body), status, body))

    workers = [asyncio.create_task(pool.worker(handle)) for _ in range(a.pool)]
    # Open the connections before the clock starts.
    await asyncio.sleep(0.2)
    t0 = time.perf_counter() + 0.1
    lags = []
    i = 0
    while i < len(sends):
        now = time.perf_counter()
        while i < len(sends) and t0 + sends[i][0] <= now:
            due_abs = t0 + sends[i][0]
            lags.append(now - due_abs)
            pool.queue.put_nowait((due_abs, payloads[sends[i][1]]))
            i += 1
        if i < len(sends):
            await asyncio.sleep(max(0.0, t0 + sends[i][0] - time.perf_counter()))
    for _ in workers:
        pool.queue.put_nowait(None)
    await asyncio.gather(*workers)
    end = max(r[0] + r[1] for r in results)
    measured = [r for r in results if r[0] >= a.warmup]
    lat = sorted(r[1] * 1000 for r in measured)
    bad = [r for r in measured if not r[2]]
    all_bad = [r for r in results if not r[2]]
    span = a.seconds
    # Successful answers that arrived within the measured seconds, a second.
    answered_rate = sum(1 for r in results if r[2] and a.warmup <= r[0] + r[1] < a.warmup + span) / span
    lag = sorted(x * 1000 for x in lags)
    statuses = {}
    for r in all_bad:
        statuses[r[3]] = statuses.get(r[3], 0) + 1
    print(f'target {a.rate:g}/s for {a.seconds:g} s after {a.warmup:g} s of warm-up; pool {a.pool} connections; '
          f'{len(sends)} sends of {len(payloads)} distinct events')
    print(f'measured sends {len(measured)}: due {len(measured) / span:.1f}/s, answered with a 200 {answered_rate:.1f}/s; '
          f'latency from the scheduled time p50 {percentile(lat, 50):.2f} ms p90 {percentile(lat, 90):.2f} ms '
          f'p99 {percentile(lat, 99):.2f} ms p99.9 {percentile(lat, 99.9):.2f} ms max {lat[-1]:.2f} ms; '
          f'errors {len(bad)} (all phases {len(all_bad)}: {statuses})')
    slow = [r for r in measured if r[1] > 0.05]
    worst = max(measured, key=lambda r: r[1])
    print(f'{len(slow)} measured sends over 50 ms, due from {min((r[0] for r in slow), default=0):.2f} to '
          f'{max((r[0] for r in slow), default=0):.2f} s; the slowest due at {worst[0]:.2f} s')
    print(f'generator lag (send later than due) p99 {percentile(lag, 99):.2f} ms max {lag[-1]:.2f} ms; last answer {end:.2f} s after the start')
    for r in all_bad[:5]:
        print(f'  error: status {r[3]}: {r[4][:300]!r}')
    print(f'RESULT\t{len(measured) / span:.1f}\t{answered_rate:.1f}\t{percentile(lat, 50):.3f}\t{percentile(lat, 99):.3f}\t'
          f'{lat[-1]:.3f}\t{len(bad)}\t{len(all_bad)}\t{len(payloads)}\t{len(sends)}')
    with open(a.out, 'w') as f:
        f.write('\n'.join(str(orders[e]) for e in sorted(payloads)) + '\n')


def run_wrk(a):
    orders = read_orders(a.orders)
    t = int(time.time())
    with open(a.out, 'w') as f:
        for o in orders:
            sig, body = event(o, t, a.secret)
            f.write(f'{sig}\t{body}\n' * 2)


async def run_resend(a):
    orders = read_orders(a.orders)
    t = int(time.time())
    pool = Pool(a.base, a.pool)
    answers = {}
    first = {}

    def handle(job, status, body, done):
        key = 'ok' if answer_ok(status, body) else str(status)
        answers[key] = answers.get(key, 0) + 1
        if key != 'ok':
            first.setdefault(key, body[:300])

    workers = [asyncio.create_task(pool.worker(handle)) for _ in range(a.pool)]
    for o in orders:
        sig, body = event(o, t, a.secret)
        pool.queue.put_nowait((0, request_bytes(pool.hostport, sig, body)))
    for _ in workers:
        pool.queue.put_nowait(None)
    await asyncio.gather(*workers)
    print(f'resent {len(orders)} events once each: answers {answers}')
    for k, v in first.items():
        print(f'  first {k}: {v!r}')
    print(f'RESULT\t{answers.get("ok", 0)}\t{len(orders) - answers.get("ok", 0)}')


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('rate')
    for name in ('base', 'secret', 'orders', 'out'):
        r.add_argument('--' + name, required=True)
    r.add_argument('--rate', type=float, default=500)
    r.add_argument('--seconds', type=float, default=20)
    r.add_argument('--warmup', type=float, default=2)
    r.add_argument('--pool', type=int, default=64)
    w = sub.add_parser('wrk')
    for name in ('secret', 'orders', 'out'):
        w.add_argument('--' + name, required=True)
    s = sub.add_parser('resend')
    for name in ('base', 'secret', 'orders'):
        s.add_argument('--' + name, required=True)
    s.add_argument('--pool', type=int, default=16)
    a = p.parse_args()
    if a.cmd == 'rate':
        asyncio.run(run_rate(a))
    elif a.cmd == 'wrk':
        run_wrk(a)
    else:
        asyncio.run(run_resend(a))


if __name__ == '__main__':
    main()
