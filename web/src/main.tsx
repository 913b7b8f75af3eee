// The entry point: error reports, the install offer and this visit first, languages, then the
// app; the service worker and push subscription.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './components/theme.css';
import { countVisit } from './features/install/visits';
import { pushFollowsSession } from './features/notify/push';
import { initI18n } from './i18n';
import { installErrorReporter } from './lib/error-report';
import { followConnectivity } from './lib/connectivity';
import { keepInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';

// The page's own uncaught errors reach the team; the browser's install offer is kept for when
// the app offers it, and this visit is counted for the install banner; reads wait while offline.
installErrorReporter();
keepInstallPrompt();
countVisit();
followConnectivity();

const root = document.getElementById('root');
if (root) {
  void initI18n().then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
registerServiceWorker();
// Keep this browser's push subscription fresh when notifications were allowed before, and drop
// it at logout.
pushFollowsSession();
