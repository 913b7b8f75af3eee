// The button in its variants (primary, secondary, ghost, danger, outline), with its busy state,
// and the spinner.
import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
  small?: boolean;
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  block = false,
  small = false,
  loading = false,
  className = '',
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, block && 'btn-block', small && 'btn-small', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Spinner({ large = false, label }: { large?: boolean; label?: string }) {
  return (
    <span role="status" className={large ? 'spinner spinner-l' : 'spinner'}>
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  );
}
