// Labelled form controls with an error line under the field (aria-describedby wires it up).
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, optional, children }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
        {optional && <span className="optional"> ({t('common.optional')})</span>}
      </label>
      {children}
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : (
        hint && (
          <span className="field-hint" id={`${id}-hint`}>
            {hint}
          </span>
        )
      )}
    </div>
  );
}

function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

type CommonProps = {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  optional?: boolean;
};

export function TextField({
  label,
  error,
  hint,
  optional,
  className = '',
  type = 'text',
  ...rest
}: CommonProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { t } = useTranslation();
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <div className="field-control">
        <input
          id={id}
          type={isPassword && reveal ? 'text' : type}
          className={`input ${isPassword ? 'has-end' : ''} ${className}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className="icon-btn field-end"
            onClick={() => setReveal((v) => !v)}
            aria-label={reveal ? t('common.hidePassword') : t('common.showPassword')}
            aria-pressed={reveal}
          >
            {reveal ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </button>
        )}
      </div>
    </FieldShell>
  );
}

export function TextArea({
  label,
  error,
  hint,
  optional,
  ...rest
}: CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <textarea
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  options,
  placeholder,
  ...rest
}: CommonProps & {
  options: readonly SelectOption[];
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} optional={optional}>
      <select
        id={id}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** Radio buttons drawn as a segmented control. */
export function SegmentedField({
  label,
  name,
  value,
  options,
  onChange,
  error,
}: {
  label: ReactNode;
  name: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string | null | undefined;
}) {
  const id = useId();
  return (
    <fieldset
      className={error ? 'field invalid' : 'field'}
      style={{ border: 0, padding: 0, margin: '0 0 14px' }}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field-label" style={{ padding: 0, marginBottom: 6 }}>
        {label}
      </legend>
      <div className="segmented">
        {options.map((o) => (
          <label key={o.value}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
