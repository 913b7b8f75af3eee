// Naming a member in a group's text: "@" typed at the start or after a space starts a mention,
// and what follows it up to the cursor picks among the members. The server tells a member who
// muted the group when a text names them as "@UserName" (whole name, any case), so the name is
// put in exactly as it is.

/** The mention being typed: where its "@" is, and what follows it up to the cursor. */
export interface TypedMention {
  /** Index of the "@". */
  from: number;
  /** The cursor. */
  to: number;
  query: string;
}

/** A name is rarely longer; beyond it the "@" is taken for something else. */
const LONGEST_QUERY = 40;

/** The mention the cursor is at the end of, if any. */
export function typedMention(text: string, caret: number): TypedMention | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before.charAt(at - 1))) return null;
  const query = before.slice(at + 1);
  if (query.length > LONGEST_QUERY || /[\n\r@]/.test(query)) return null;
  return { from: at, to: caret, query };
}

/** The most names offered at once. */
export const MOST_OFFERED = 6;

/**
 * The names that fit what was typed after the "@", any case: those starting with it first, then
 * those with a word starting with it. Once a space is typed only names starting with the whole of
 * it fit (names may have spaces; a finished mention then closes the list).
 */
export function matchingNames<T extends { userName: string }>(
  people: readonly T[],
  query: string,
): T[] {
  const wanted = query.toLowerCase();
  if (!wanted) return people.slice(0, MOST_OFFERED);
  const starting: T[] = [];
  const inside: T[] = [];
  for (const person of people) {
    const name = person.userName.toLowerCase();
    if (name.startsWith(wanted)) starting.push(person);
    else if (!/\s/.test(wanted) && name.split(/[\s._-]+/).some((word) => word.startsWith(wanted))) {
      inside.push(person);
    }
  }
  return [...starting, ...inside].slice(0, MOST_OFFERED);
}
