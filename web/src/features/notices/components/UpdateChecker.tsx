// Checks for a newer web version while signed in: at start and whenever the app becomes visible
// again, at most once an hour (the answer is kept), and shows the update prompt when one is due.
// The service worker is asked about a new build at the same moments.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { checkForNewVersion } from '../../../lib/service-worker';
import { checkedVersions, laterVersions, putOff } from '../update-check';
import { type UpdateOffer, shouldPrompt, updateOffer } from '../update-offer';
import { UpdatePrompt } from './UpdatePrompt';

export default function UpdateChecker() {
  const { pathname } = useLocation();
  const [offer, setOffer] = useState<UpdateOffer | null>(null);
  // Later may be chosen on the upgrade page too: read afresh at each render.
  const [, setPutOff] = useState(0);

  useEffect(() => {
    let alive = true;
    let running = false;
    const check = () => {
      if (running || document.visibilityState === 'hidden') return;
      running = true;
      void checkForNewVersion();
      void checkedVersions()
        .then((versions) => {
          if (alive) setOffer(updateOffer(versions));
        })
        .finally(() => {
          running = false;
        });
    };
    check();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      alive = false;
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  if (!offer || !shouldPrompt(offer, laterVersions())) return null;
  // The upgrade page shows the same offer itself; a mandatory one still blocks everywhere.
  if (!offer.mandatory && pathname === paths.upgradePopup) return null;
  return (
    <UpdatePrompt
      offer={offer}
      onLater={() => {
        putOff(offer.latest.version);
        setPutOff((n) => n + 1);
      }}
    />
  );
}
