// The place for a Translate link under a text people read; empty where the app put none.
import { type ReadText, useReadTranslate } from '../lib/read-translate';

export function TranslateSlot(props: ReadText) {
  const render = useReadTranslate();
  return render ? <>{render(props)}</> : null;
}
