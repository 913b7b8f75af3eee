// The bar at the top of a page: back button, title and actions.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths';
import { BackIcon } from './icons';

/** The bar at the top of a page: optional back button, title, optional actions. */
export function AppBar({
  title,
  back,
  end,
  dark = false,
}: {
  title: ReactNode;
  /** true: go back in history; a string: go to that path. */
  back?: boolean | string;
  end?: ReactNode;
  dark?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onBack = () => {
    if (typeof back === 'string') navigate(back);
    else if (window.history.length > 1) navigate(-1);
    else navigate(paths.root);
  };
  return (
    <header className={`appbar ${back ? '' : 'no-back'} ${dark ? 'appbar-dark' : ''}`}>
      {back && (
        <div className="appbar-start">
          <button type="button" className="icon-btn" onClick={onBack} aria-label={t('nav.back')}>
            <BackIcon />
          </button>
        </div>
      )}
      {title ? <h1>{title}</h1> : <span style={{ flex: 1 }} />}
      <div className="appbar-end">{end}</div>
    </header>
  );
}
