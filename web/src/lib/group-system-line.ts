// A group's system line ("Yuki added Carlos") in its reader's language, from what the server
// stores: `{action, by: {id, name}, people: [{id, name}], name?}` (docs/im-protocol.md, "Groups").
// What I did reads "You ..." (its own sentence, as grammar wants), and I am "you" among the people.
import type { KeysUnder, Translate } from '../i18n';
import { formatList } from '../i18n/format';

export const SYSTEM_ACTIONS = [
  'created',
  'added',
  'removed',
  'left',
  'renamed',
  'promoted',
  'demoted',
  'handedOver',
  'dissolved',
  'closed',
] as const;

export type SystemAction = (typeof SYSTEM_ACTIONS)[number];

interface Someone {
  id: number;
  name: string;
}

/** A system line's content as stored; anything else is read as little as it can be. */
export interface SystemLine {
  action: SystemAction | null;
  by: Someone | null;
  people: Someone[];
  name: string;
}

function someone(value: unknown): Someone | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { id?: unknown; name?: unknown };
  const id = Number(v.id);
  return Number.isFinite(id) ? { id, name: typeof v.name === 'string' ? v.name : '' } : null;
}

export function readSystemLine(content: Readonly<Record<string, unknown>> | null): SystemLine {
  const action = SYSTEM_ACTIONS.find((a) => a === content?.action) ?? null;
  const people = Array.isArray(content?.people) ? content.people : [];
  return {
    action,
    by: someone(content?.by),
    people: people.map(someone).filter((p): p is Someone => p !== null),
    name: typeof content?.name === 'string' ? content.name : '',
  };
}

type LineKey = KeysUnder<'groups.line'>;

/** The line's text for the reader `me`. */
export function systemLineText(
  content: Readonly<Record<string, unknown>> | null,
  me: number | null,
  t: Translate,
): string {
  const line = readSystemLine(content);
  if (!line.action) return t('groups.line.changed');
  if (line.action === 'closed') return t('groups.line.closed');
  // Someone who left may be named among the people rather than as the one who did it.
  const by = line.by ?? (line.action === 'left' ? (line.people[0] ?? null) : null);
  const byMe = by !== null && by.id === me;
  const key: LineKey = byMe ? `${line.action}ByMe` : line.action;
  const people = formatList(line.people.map((p) => (p.id === me ? t('groups.you') : p.name)));
  return t(`groups.line.${key}`, { by: by?.name ?? '', people, name: line.name });
}

/** The names the system lines give people (someone who has left is still named by them). */
export function namesInLines(
  lines: readonly { type: string; content: Readonly<Record<string, unknown>> | null }[],
): Map<number, string> {
  const names = new Map<number, string>();
  for (const { type, content } of lines) {
    if (type !== 'system') continue;
    const line = readSystemLine(content);
    for (const p of [line.by, ...line.people]) if (p?.name) names.set(p.id, p.name);
  }
  return names;
}
