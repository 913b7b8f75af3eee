// A send the server refused, as the chat shows it: the newest refusal's notice, dismissed by its
// close button, and the "Upgrade now" dialog opened once for a refusal that membership would lift.
import { useEffect, useRef, useState } from 'react';
import type { OutboxEntry } from '../outbox';

export function useRefusal(outbox: readonly OutboxEntry[]) {
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const refused = [...outbox]
    .reverse()
    .find((e) => e.status === 'fail' && e.error && !e.error.confirm);
  const refusal = refused?.error;
  const refusedBy = refused?.clientId;
  const upgradeFor = useRef<string | null>(null);
  useEffect(() => {
    if (refusal?.upgrade && refusedBy && upgradeFor.current !== refusedBy) {
      upgradeFor.current = refusedBy;
      setUpgradeOpen(true);
    }
  }, [refusal, refusedBy]);
  return {
    refused,
    /** The refusal to say in the notice: not one membership lifts, nor one dismissed. */
    shown: refusal && !refusal.upgrade && dismissed !== refusedBy ? refusal : undefined,
    dismiss: () => setDismissed(refusedBy ?? null),
    upgradeOpen,
    setUpgradeOpen,
  };
}
