// "Does this bother you?": the question under a message its sender sent anyway after "Are you
// sure?", asked once. The messages answered (reported, or No) are remembered on this device.
import { StorageKey, getJSON, setJSON } from '../../lib/storage';

/** Enough to cover any conversation's recent history; the oldest are forgotten first. */
const REMEMBERED = 200;

export function harshAnswered(id: number): boolean {
  return answered().includes(id);
}

export function rememberHarshAnswer(id: number): void {
  const ids = answered().filter((i) => i !== id);
  setJSON(StorageKey.HARSH_ANSWERED, [...ids, id].slice(-REMEMBERED));
}

function answered(): number[] {
  const ids = getJSON<unknown>(StorageKey.HARSH_ANSWERED, []);
  return Array.isArray(ids) ? ids.filter((i): i is number => typeof i === 'number') : [];
}
