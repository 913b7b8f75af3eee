// The providers' stand-ins: the `amora-standins` program (standins/ in the repository) serves
// PayPal, Stripe and LibreTranslate on loopback, each speaking its provider's wire format, with
// PayPal's approval page and Stripe's hosted checkout page for the buyer. The global setup starts
// it; the stories drive it over HTTP: what each was asked and anything its provider would refuse
// (/__e2e/log), its API down (/__e2e/outage), PayPal declining the next capture (/__e2e/decline)
// or revoking its access tokens (/__e2e/revoke).
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { APIRequestContext } from '@playwright/test';

/** Where the stand-ins listen, and the keys the server is configured with. */
export interface Listening {
  paypal: { url: string; clientId: string; secret: string; webhookId: string };
  stripe: { url: string; secretKey: string; webhookSecret: string };
  libretranslate: { url: string };
}

export type StandIns = Listening & { stop: () => Promise<void> };

/** The program: AMORA_STANDINS_BIN, or `amora-standins` next to the server binary. */
export function standInsBin(amoraBin: string): string {
  return process.env.AMORA_STANDINS_BIN ?? path.join(path.dirname(amoraBin), 'amora-standins');
}

/** Starts the program and waits for the line saying where everything listens. */
export async function startStandIns(bin: string): Promise<StandIns> {
  const child = spawn(bin, [], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline.createInterface({ input: child.stdout });
  const first = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${bin} exited with ${code} before listening`)));
  });
  const listening = JSON.parse(await first) as Listening;
  lines.close();
  return {
    ...listening,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export type Provider = 'PAYPAL' | 'STRIPE' | 'LIBRETRANSLATE';

/** A stand-in's base URL, as the global setup passed it on. */
export function standIn(name: Provider): string {
  const value = process.env[`AMORA_E2E_${name}_URL`];
  if (!value) throw new Error(`AMORA_E2E_${name}_URL is not set: the global setup did not run`);
  return value;
}

export interface Log {
  seen: { method: string; path: string; body: string; status: number }[];
  problems: string[];
}

/** What a stand-in was asked, and anything in it its provider would refuse. */
export async function standInLog(request: APIRequestContext, name: Provider): Promise<Log> {
  return (await request.get(`${standIn(name)}/__e2e/log`)).json() as Promise<Log>;
}

/** Takes a provider's API down (503 to every call; its pages still open), or brings it back. */
export async function outage(request: APIRequestContext, name: Provider, on: boolean) {
  await request.post(`${standIn(name)}/__e2e/outage?on=${on ? 1 : 0}`);
}

/** PayPal declines the next capture, as it does a declined funding source. */
export async function declineNextCapture(request: APIRequestContext) {
  await request.post(`${standIn('PAYPAL')}/__e2e/decline`);
}
