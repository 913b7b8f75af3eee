// "A new version is ready": the service worker has installed a new build beside the running one
// (lib/service-worker); Reload lets it take over and opens it. Later puts it away for this visit.
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Note } from '../../../components/Note';
import { SparkleIcon } from '../../../components/icons';
import {
  reloadIntoNewVersion,
  subscribeWaitingVersion,
  waitingVersion,
} from '../../../lib/service-worker';

export function NewVersionNote() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(subscribeWaitingVersion, waitingVersion, () => null);
  const [closedFor, setClosedFor] = useState<ServiceWorker | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div role="status" className="note-slot">
      {waiting && waiting !== closedFor && (
        <Note
          dark
          icon={<SparkleIcon size={20} />}
          onClose={() => setClosedFor(waiting)}
          data-testid="new-version"
          actions={
            <Button
              small
              loading={busy}
              onClick={() => {
                setBusy(true);
                void reloadIntoNewVersion();
              }}
            >
              {t('update.reload')}
            </Button>
          }
        >
          {t('update.ready')}
        </Note>
      )}
    </div>
  );
}
