// Reads the mails the test SMTP server recorded (one JSON file per mail) and finds codes in them.
import fs from 'node:fs';
import path from 'node:path';

export interface RecordedMail {
  to: string[];
  raw: string;
  receivedAt: number;
}

function mailDir(): string {
  const dir = process.env.AMORA_E2E_MAIL_DIR;
  if (!dir) throw new Error('AMORA_E2E_MAIL_DIR is not set: the global setup did not run');
  return dir;
}

export function mailsTo(address: string): RecordedMail[] {
  const dir = mailDir();
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as RecordedMail)
    .filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => a.receivedAt - b.receivedAt);
}

function splitHeaders(raw: string): { headers: string; body: string } {
  const i = raw.search(/\r?\n\r?\n/);
  if (i < 0) return { headers: raw, body: '' };
  return { headers: raw.slice(0, i), body: raw.slice(i).replace(/^\r?\n\r?\n/, '') };
}

function header(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return m?.[1]?.trim() ?? '';
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The readable text of a MIME message (text parts only, transfer encodings undone). */
export function mailText(raw: string): string {
  const { headers, body } = splitHeaders(raw);
  const type = header(headers, 'Content-Type').toLowerCase();
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(header(headers, 'Content-Type'))?.[1];
    if (!boundary) return body;
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => mailText(part.replace(/^\r?\n/, '')))
      .join('\n');
  }
  if (type && !type.startsWith('text/')) return '';
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The six-digit code of the latest mail to the address, waiting for it to arrive. */
export async function lastCodeSentTo(
  address: string,
  after = 0,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = mailsTo(address)
      .filter((m) => m.receivedAt >= after)
      .at(-1);
    const code = mail && /(?<!\d)(\d{6})(?!\d)/.exec(mailText(mail.raw))?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with a six-digit code reached ${address}`);
}
