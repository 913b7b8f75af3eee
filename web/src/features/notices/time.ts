// Times as the server writes them: RFC 3339, or 'YYYY-MM-DD HH:MM:SS' in UTC.

/** The instant a server time names; a time without a zone is UTC. */
export function parseServerTime(value: string): Date {
  const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(value.trim());
  if (plain) return new Date(`${plain[1]}T${plain[2]}Z`);
  return new Date(value);
}
