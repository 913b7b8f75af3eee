// The server's operator commands (`amora notice add`, `amora version add`, ...) run against the
// data of the server the stories talk to, as an operator would on the server's machine.
import { execFileSync } from 'node:child_process';

/** Whether the stories started the server themselves (its data is then on this machine). */
export function canOperate(): boolean {
  return Boolean(process.env.AMORA_E2E_BIN && process.env.AMORA_E2E_DATA_DIR);
}

/** Runs `amora <args>` on the stories' server data and answers what it printed. */
export function operator(args: readonly string[]): string {
  const bin = process.env.AMORA_E2E_BIN;
  const dir = process.env.AMORA_E2E_DATA_DIR;
  if (!bin || !dir) throw new Error('no server data here: the global setup did not start amora');
  return execFileSync(bin, args, {
    cwd: dir,
    env: {
      ...process.env,
      AMORA_DATA_DIR: dir,
      AMORA_DATABASE_URL: `sqlite://${dir}/amora.db`,
    },
    encoding: 'utf8',
  });
}

/** Runs SQL on the server's SQLite database with the sqlite3 program (`.ci/run` installs it);
 * answers the rows as JSON objects. */
export function sql<T = Record<string, unknown>>(query: string): T[] {
  const dir = process.env.AMORA_E2E_DATA_DIR;
  if (!dir) throw new Error('no server data here: the global setup did not start amora');
  const out = execFileSync('sqlite3', ['-json', `${dir}/amora.db`, query], { encoding: 'utf8' });
  return out.trim() ? (JSON.parse(out) as T[]) : [];
}
