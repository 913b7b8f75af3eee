// The frame of every console page: its title, what goes beside it, and the content.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackIcon } from '../../../components/icons';

export function StaffPage({
  title,
  back,
  end,
  children,
}: {
  title: ReactNode;
  /** A link back up (a report's page goes back to the queue): where and how it reads. */
  back?: { to: string; label: string };
  end?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="staff-page">
      <header className="staff-head">
        {back && (
          <Link className="icon-btn" to={back.to} aria-label={back.label} title={back.label}>
            <BackIcon />
          </Link>
        )}
        <h1 className="grow">{title}</h1>
        {end}
      </header>
      {children}
    </section>
  );
}

/** The line under a queue that says which keys do what. */
export function KeyHint({ children }: { children: ReactNode }) {
  return (
    <p className="staff-keys muted" data-testid="key-hint">
      {children}
    </p>
  );
}

/** A key as the hint line shows it. */
export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="kbd">{children}</kbd>;
}
