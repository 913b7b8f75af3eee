// A designed empty or failed list.
import './people.css';
import type { ReactNode } from 'react';

/** A designed empty or failed list: icon, title, a line of help and an optional action. */
export function EmptyState({
  icon,
  title,
  body,
  action,
}: {
  icon: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="center-view empty-state" data-testid="empty-state">
      <div className="empty-art" aria-hidden="true">
        {icon}
      </div>
      <h2>{title}</h2>
      {body && <p>{body}</p>}
      {action}
    </section>
  );
}
