// A group's system line ("Yuki added Carlos") in its reader's language, from what the server
// stores: `{action, by: {id, name}, people: [{id, name}], name?}` (docs/im-protocol.md, "Groups").
// What I did reads "You ..." and what was done to me alone "... you" (each its own sentence, as
// grammar wants); I am "you" among several people.
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

/**
 * What is done to people, with a sentence of its own for when it is done to me alone: many
 * languages put "you" there as a pronoun the list cannot hold (Spanish "te quitó", not "quitó a ti").
 */
const TO_PEOPLE = ['added', 'removed', 'promoted', 'demoted', 'handedOver'] as const;

function toPeople(action: SystemAction): action is (typeof TO_PEOPLE)[number] {
  return (TO_PEOPLE as readonly SystemAction[]).includes(action);
}

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
  const toMe = line.people.length === 1 && line.people[0]?.id === me;
  // A "renamed" line without a name: only the group's picture changed.
  const action = line.action === 'renamed' && !line.name ? 'pictureChanged' : line.action;
  const key: LineKey = byMe
    ? `${action}ByMe`
    : toMe && toPeople(line.action)
      ? `${line.action}Me`
      : action;
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
