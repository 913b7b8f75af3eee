// Starts what the end-to-end tests talk to: a small real SMTP server that records every mail,
// the providers' stand-ins for PayPal, Stripe and LibreTranslate (the `amora-standins` program,
// standins.ts), and the real `amora serve`
// (AMORA_BIN) on a free loopback port with a fresh data folder, serving the built web app from
// dist/, its payments and translations pointed at the stand-ins (Apertium stays first for English
// and Spanish), its pushes allowed to a push service on loopback. Returns the teardown.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { standInsBin, startStandIns } from './standins';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`amora exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`amora did not answer ${base}/healthz within ${timeoutMs / 1000} s`);
}

export default async function globalSetup() {
  if (process.env.AMORA_E2E_BASE_URL && process.env.AMORA_E2E_MAIL_DIR) return undefined;

  // AMORA_E2E_DIST serves another build (`vite build --outDir ...`) than web/dist.
  const dist = process.env.AMORA_E2E_DIST ?? path.join(web, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist} is missing: run \`npm run build\` before \`npm run e2e\``);
  }
  const bin = process.env.AMORA_BIN ?? '/work/cache/target/debug/amora';
  if (!fs.existsSync(bin)) throw new Error(`server binary not found at ${bin} (set AMORA_BIN)`);
  const standInsProgram = standInsBin(bin);
  if (!fs.existsSync(standInsProgram)) {
    throw new Error(
      `amora-standins not found at ${standInsProgram} (build it with \`cargo build -p amora-standins\`, or set AMORA_STANDINS_BIN)`,
    );
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-e2e-'));
  const mailDir = path.join(tmp, 'mail');
  fs.mkdirSync(mailDir);

  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        count += 1;
        fs.writeFileSync(path.join(mailDir, `${Date.now()}-${count}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const standIns = await startStandIns(standInsProgram);
  const { paypal, stripe, libretranslate } = standIns;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(tmp, 'amora.log'), 'a');
  const server = spawn(bin, ['serve'], {
    cwd: tmp,
    env: {
      ...process.env,
      AMORA_ADDR: `127.0.0.1:${port}`,
      AMORA_DATA_DIR: tmp,
      AMORA_DATABASE_URL: `sqlite://${tmp}/amora.db`,
      AMORA_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      AMORA_WEB_DIR: dist,
      AMORA_PUBLIC_URL: base,
      AMORA_RATE_LIMIT_DISABLED: 'true',
      // Non-members see 30 different people a day, so a story can reach the allowance.
      AMORA_PEOPLE__DAILY_DISCOVER_CAP: '30',
      // Every first page of Discover makes a new list (the server reuses a search's list for
      // 30 s otherwise), so the person a story has just registered shows at once.
      AMORA_PEOPLE__DISCOVER_LIST_SECONDS: '0',
      // Demo profiles, and the demo member (demo / demo1234) the membership stories sign in as.
      AMORA_DEMO: 'true',
      // Real payments, against the providers' stand-ins.
      AMORA_PAYMENTS__PAYPAL__API_URL: paypal.url,
      AMORA_PAYMENTS__PAYPAL__CLIENT_ID: paypal.clientId,
      AMORA_PAYMENTS__PAYPAL__SECRET: paypal.secret,
      AMORA_PAYMENTS__PAYPAL__WEBHOOK_ID: paypal.webhookId,
      AMORA_PAYMENTS__STRIPE__API_URL: stripe.url,
      AMORA_PAYMENTS__STRIPE__SECRET_KEY: stripe.secretKey,
      AMORA_PAYMENTS__STRIPE__WEBHOOK_SECRET: stripe.webhookSecret,
      // Translation between the languages Apertium does not pair, through the stand-in.
      AMORA_TRANSLATE__LIBRETRANSLATE_URL: libretranslate.url,
      // Pushes may go to the notification stories' own push service on loopback (tests only).
      AMORA_PUSH__ALLOW_INSECURE_LOCAL: 'true',
      AMORA_PUSH__ALLOWED_HOSTS: '["127.0.0.1"]',
    },
    stdio: ['ignore', log, log],
  });
  let stopping = false;
  server.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `amora stopped during the tests (code ${code}, signal ${signal}); log: ${tmp}/amora.log`,
      );
    }
  });
  try {
    await waitForHealth(base, server);
  } catch (err) {
    stopping = true;
    server.kill('SIGTERM');
    await standIns.stop();
    throw err;
  }

  process.env.AMORA_E2E_BASE_URL = base;
  process.env.AMORA_E2E_MAIL_DIR = mailDir;
  // Stories that publish notices or versions run the server's operator commands on its data.
  process.env.AMORA_E2E_BIN = bin;
  process.env.AMORA_E2E_DATA_DIR = tmp;
  // The payment stories read what the stand-ins were asked.
  process.env.AMORA_E2E_PAYPAL_URL = paypal.url;
  process.env.AMORA_E2E_STRIPE_URL = stripe.url;
  // The translation stories read what LibreTranslate was asked.
  process.env.AMORA_E2E_LIBRETRANSLATE_URL = libretranslate.url;
  console.log(`amora serving ${base} (data and log in ${tmp})`);

  return async () => {
    stopping = true;
    server.kill('SIGTERM');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await standIns.stop();
    if (!process.env.AMORA_E2E_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  };
}
