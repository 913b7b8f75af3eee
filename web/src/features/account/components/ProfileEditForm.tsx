// My profile's edit form: photo, About me, country, language and telephone, with the rules and
// messages of registration. A new photo is uploaded first, then the other fields are saved; the
// server's message shows above the button when it refuses, and nothing the form holds is lost.
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { SelectField, TextArea, TextField } from '../../../components/Field';
import { COUNTRIES } from '../../../i18n/countries';
import { LANGUAGES } from '../../../i18n/languages';
import { ApiError, failureMessage } from '../../../lib/request';
import { useUpdateProfile, useUploadAvatar } from '../api/profile';
import type { User } from '../api/types';
import {
  type ProfileErrors,
  type ProfileForm,
  SIGNATURE_MAX,
  validateProfile,
} from '../validation';
import { AvatarPicker } from './AvatarPicker';

function formOf(user: User): ProfileForm {
  return {
    avatar: user.avatar ?? '',
    signature: user.signature ?? '',
    country: user.country,
    language: user.language,
    telephone: user.telephone ?? '',
  };
}

export function ProfileEditForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const [form, setForm] = useState<ProfileForm>(() => formOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const saving = updateProfile.isPending || uploadAvatar.isPending;

  const countryOptions = useMemo(
    () => COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) })),
    [t],
  );
  const languageOptions = LANGUAGES.map((l) => ({ value: l.abbr, label: l.native }));

  const update = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    setFailure(null);
    if (submitted) setErrors(validateProfile(next));
  };
  const err = (key: keyof ProfileForm) => (errors[key] ? t(errors[key]) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = validateProfile(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (form.avatar.startsWith('data:')) {
        await uploadAvatar.mutateAsync(form.avatar);
      }
      await updateProfile.mutateAsync({
        signature: form.signature.trim(),
        country: form.country,
        language: form.language,
        telephone: form.telephone.trim(),
      });
      onSaved();
    } catch (error) {
      setFailure(error instanceof ApiError ? failureMessage(error) : t('errors.generic'));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="profile-edit">
      <AvatarPicker
        value={form.avatar}
        name={user.userName}
        onChange={(v) => update('avatar', v)}
        error={err('avatar')}
      />
      <TextArea
        label={t('fields.signature')}
        optional
        name="signature"
        maxLength={SIGNATURE_MAX}
        placeholder={t('fields.signaturePlaceholder')}
        value={form.signature}
        onChange={(e) => update('signature', e.target.value)}
        error={err('signature')}
        hint={t('profileEdit.signatureHint', {
          count: [...form.signature].length,
          max: SIGNATURE_MAX,
        })}
      />
      <SelectField
        label={t('fields.country')}
        name="country"
        value={form.country}
        options={countryOptions}
        onChange={(e) => update('country', e.target.value)}
        error={err('country')}
      />
      <SelectField
        label={t('profileEdit.language')}
        name="language"
        value={form.language}
        options={languageOptions}
        onChange={(e) => update('language', e.target.value)}
        hint={t('profileEdit.languageHint')}
      />
      <TextField
        label={t('profileEdit.telephone')}
        optional
        name="telephone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={20}
        value={form.telephone}
        onChange={(e) => update('telephone', e.target.value)}
        error={err('telephone')}
        hint={t('profileEdit.telephoneHint')}
      />
      {failure && (
        <p className="form-error" role="alert" data-testid="profile-edit-error">
          {failure}
        </p>
      )}
      <Button type="submit" block loading={saving}>
        {t('profileEdit.save')}
      </Button>
    </form>
  );
}
