// Asks to turn on notifications at the moments that make sense (lib/push-moments: the first
// match, the first message sent), at most once a visit, when the app may ask (ask.ts), and only
// once no other dialog is open (the match's own dialog first).
import { useEffect, useState } from 'react';
import { onPushMoment } from '../../../lib/push-moments';
import { mayAsk, readAskMemory } from '../ask';
import { pushPermission } from '../permission';
import { PushAskSheet } from './PushAskSheet';

/** A beat after the moment: the sent message shows, the match is seen. */
const AFTER_MS = 1200;
/** How long the sheet waits for another dialog to close before it gives up for this visit. */
const WAIT_FOR_DIALOGS_MS = 60_000;
const POLL_MS = 400;

let askedThisVisit = false;

function anotherDialogOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

export default function PushAsker() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onPushMoment(() => {
      if (askedThisVisit || !mayAsk(pushPermission(), readAskMemory())) return;
      askedThisVisit = true;
      const giveUpAt = Date.now() + WAIT_FOR_DIALOGS_MS;
      const tryNow = () => {
        if (!anotherDialogOpen()) setOpen(true);
        else if (Date.now() < giveUpAt) timer = setTimeout(tryNow, POLL_MS);
        else askedThisVisit = false;
      };
      timer = setTimeout(tryNow, AFTER_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, []);
  return <PushAskSheet open={open} onClose={() => setOpen(false)} />;
}
