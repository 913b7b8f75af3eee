// The sign-up page.
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthShell } from '../../components/AuthShell';
import { Button } from '../../components/Button';
import { SegmentedField, SelectField, TextArea, TextField } from '../../components/Field';
import { LanguageSelect } from '../../components/LanguageSelect';
import { currentAbbr } from '../../i18n';
import { COUNTRIES } from '../../i18n/countries';
import { showToast } from '../../lib/toast';
import { useRegister } from '../../features/account/api/register';
import type { Gender } from '../../features/account/api/types';
import { AvatarPicker } from '../../features/account/components/AvatarPicker';
import { AFTER_SIGN_UP } from '../../features/account/components/VerifyEmailPrompt';
import {
  type RegisterErrors,
  type RegisterForm,
  latestAdultBirthday,
  validateRegister,
} from '../../features/account/validation';
import { paths } from '../../lib/paths';

const EMPTY: RegisterForm = {
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

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  const [signature, setSignature] = useState('');
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const countryOptions = useMemo(
    () => COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) })),
    [t],
  );

  const update = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    // After the first submit, errors follow the fields as they are corrected.
    if (submitted) setErrors(validateRegister(next));
  };

  const err = (key: keyof RegisterForm) => (errors[key] ? t(errors[key]) : undefined);

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
        navigate(paths.root, { replace: true, state: AFTER_SIGN_UP });
      })
      .catch(() => undefined);
  };

  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')} back={paths.login}>
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
          <TextField
            label={t('fields.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => update('password', e.target.value)}
            error={err('password')}
            hint={t('validation.passwordLength')}
          />
        </div>
        <div data-field="confirmPassword">
          <TextField
            label={t('fields.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(e) => update('confirmPassword', e.target.value)}
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
      <p className="auth-foot">
        {t('register.haveAccount')} <Link to={paths.login}>{t('register.login')}</Link>
      </p>
    </AuthShell>
  );
}
