// The entry point: error reports and the install offer first, languages, then the app; the
// service worker and push subscription.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './components/theme.css';
import { pushFollowsSession, registerServiceWorker } from './features/notify/push';
import { initI18n } from './i18n';
import { installErrorReporter } from './lib/error-report';
import { keepInstallPrompt } from './lib/install-prompt';

// The page's own uncaught errors reach the team; the browser's install offer is kept for the
// download page.
installErrorReporter();
keepInstallPrompt();

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
