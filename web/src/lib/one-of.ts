// Narrowing a string to one of a known list (a gift code, a benefit key) before it is used as
// part of a typed translation key.
export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}
