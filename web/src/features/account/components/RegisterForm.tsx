// The sign-up form: the new account's fields, checked as the person goes once they have tried to
// send it, and the account created and signed in.
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { SegmentedField, SelectField, TextArea, TextField } from '../../../components/Field';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { currentAbbr } from '../../../i18n';
import { COUNTRIES } from '../../../i18n/countries';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useRegister } from '../api/register';
import type { Gender } from '../api/types';
import {
  type RegisterErrors,
  type RegisterFields,
  latestAdultBirthday,
  validateRegister,
} from '../validation';
import { AvatarPicker } from './AvatarPicker';
import { PasswordField } from './PasswordField';

const EMPTY: RegisterFields = {
  userName: '',
  email: '',
  password: '',
  confirmPassword: '',
  gender: '',
  country: '',
  birthday: '',
  avatar: '',
  privacyAccepted: false,
};

/**
 * Photo, name, email, password twice, gender, country, birthday, language, an optional signature
 * and the privacy policy. Each field says what is wrong with it after the first try, and the
 * page scrolls to the first one; `onRegistered` once the new account is signed in.
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const register = useRegister();
  const [form, setForm] = useState<RegisterFields>(EMPTY);
  const [signature, setSignature] = useState('');
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const countryOptions = useMemo(
    () => COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) })),
    [t],
  );

  const update = <K extends keyof RegisterFields>(key: K, value: RegisterFields[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    // After the first submit, errors follow the fields as they are corrected.
    if (submitted) setErrors(validateRegister(next));
  };

  const err = (key: keyof RegisterFields) => (errors[key] ? t(errors[key]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateRegister(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.scrollIntoView({
        block: 'center',
        behavior: 'smooth',
      });
      return;
    }
    // mutateAsync: signing in re-renders the route guards, which unmount this page first.
    register
      .mutateAsync({
        userName: form.userName.trim(),
        email: form.email.trim(),
        password: form.password,
        gender: form.gender as Gender,
        country: form.country,
        birthday: form.birthday,
        avatar: form.avatar,
        language: currentAbbr(),
        ...(signature.trim() ? { signature: signature.trim() } : {}),
        privacyAccepted: true,
      })
      .then(({ user }) => {
        showToast(t('register.welcome', { name: user.userName }), 'success');
        onRegistered();
      })
      .catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <div data-field="avatar">
        <AvatarPicker
          value={form.avatar}
          name={form.userName}
          onChange={(v) => update('avatar', v)}
          error={err('avatar')}
        />
      </div>
      <div data-field="userName">
        <TextField
          label={t('fields.userName')}
          name="userName"
          autoComplete="username"
          autoCapitalize="none"
          maxLength={30}
          value={form.userName}
          onChange={(e) => update('userName', e.target.value)}
          error={err('userName')}
        />
      </div>
      <div data-field="email">
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={form.email}
          onChange={(e) => update('email', e.target.value)}
          error={err('email')}
        />
      </div>
      <div data-field="password">
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(value) => update('password', value)}
          error={err('password')}
          lengthHint
        />
      </div>
      <div data-field="confirmPassword">
        <PasswordField
          label={t('fields.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(value) => update('confirmPassword', value)}
          error={err('confirmPassword')}
        />
      </div>
      <div data-field="gender">
        <SegmentedField
          label={t('fields.gender')}
          name="gender"
          value={form.gender}
          onChange={(v) => update('gender', v)}
          options={[
            { value: 'female', label: t('fields.female') },
            { value: 'male', label: t('fields.male') },
          ]}
          error={err('gender')}
        />
      </div>
      <div data-field="country">
        <SelectField
          label={t('fields.country')}
          name="country"
          value={form.country}
          placeholder={t('common.select')}
          options={countryOptions}
          onChange={(e) => update('country', e.target.value)}
          error={err('country')}
        />
      </div>
      <div data-field="birthday">
        <TextField
          label={t('fields.birthday')}
          name="birthday"
          type="date"
          min="1900-01-01"
          max={latestAdultBirthday()}
          value={form.birthday}
          onChange={(e) => update('birthday', e.target.value)}
          error={err('birthday')}
        />
      </div>
      <LanguageSelect />
      <TextArea
        label={t('fields.signature')}
        optional
        name="signature"
        maxLength={200}
        placeholder={t('fields.signaturePlaceholder')}
        value={signature}
        onChange={(e) => setSignature(e.target.value)}
      />
      <div
        data-field="privacyAccepted"
        className={errors.privacyAccepted ? 'field invalid' : 'field'}
      >
        <label className="check">
          <input
            type="checkbox"
            name="privacyAccepted"
            checked={form.privacyAccepted}
            onChange={(e) => update('privacyAccepted', e.target.checked)}
            aria-invalid={errors.privacyAccepted ? true : undefined}
            aria-describedby={errors.privacyAccepted ? 'privacy-error' : undefined}
          />
          <span>
            {t('register.privacyPrefix')}{' '}
            <Link to={paths.rules} target="_blank">
              {t('register.privacyLink')}
            </Link>
          </span>
        </label>
        {errors.privacyAccepted && (
          <span className="field-error" id="privacy-error" role="alert">
            {t(errors.privacyAccepted)}
          </span>
        )}
      </div>
      <Button type="submit" block loading={register.isPending}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
