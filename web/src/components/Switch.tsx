// An on/off switch with its label (a checkbox with the switch role): the filters and the
// notification settings use it.
import type { ReactNode } from 'react';

export function Switch({
  label,
  hint,
  checked,
  onChange,
  disabled = false,
  ...rest
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  'data-testid'?: string;
}) {
  return (
    <label className="switch-row">
      <span className="grow">
        <span className="switch-label">{label}</span>
        {hint && <span className="switch-hint">{hint}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        {...rest}
      />
    </label>
  );
}
