// Client-side checks with the same messages the server uses (SPEC section 5). Each returns an
// i18n key of the message, or null when the value is fine.

import type { TranslationKey } from '../../i18n';
import { COUNTRIES } from '../../i18n/countries';

export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 20;
export const MINIMUM_AGE = 18;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type ValidationKey = Extract<TranslationKey, `validation.${string}`>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): ValidationKey | null {
  const value = email.trim();
  if (!value) return 'validation.emailRequired';
  if (!EMAIL_RE.test(value)) return 'validation.emailFormat';
  return null;
}

export function checkPassword(password: string): ValidationKey | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'validation.passwordLength';
  return null;
}

export function checkConfirm(password: string, confirm: string): ValidationKey | null {
  return password === confirm ? null : 'validation.passwordMismatch';
}

export function checkNewPassword(oldPassword: string, newPassword: string): ValidationKey | null {
  if (oldPassword && oldPassword === newPassword) return 'validation.samePassword';
  return checkPassword(newPassword);
}

/** Whole years between a YYYY-MM-DD birthday and today (local calendar). */
export function ageOn(birthday: string, today: Date = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getFullYear() - y;
  const beforeBirthday =
    today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export function checkBirthday(birthday: string, today: Date = new Date()): ValidationKey | null {
  if (!birthday) return 'validation.birthdayRequired';
  const age = ageOn(birthday, today);
  if (age === null) return 'validation.birthdayRequired';
  if (age < MINIMUM_AGE) return 'validation.under18';
  return null;
}

/** 2 to 30 characters, no @ (an @ would make it look like an email at login). */
export function checkUserName(userName: string): ValidationKey | null {
  const value = userName.trim();
  if (!value) return 'validation.userNameRequired';
  const length = [...value].length;
  if (length < 2 || length > 30 || value.includes('@')) return 'validation.userNameRule';
  return null;
}

export function checkCode(code: string): ValidationKey | null {
  return /^\d{6}$/.test(code.trim()) ? null : 'validation.codeFormat';
}

export function checkRequired(value: string, key: ValidationKey): ValidationKey | null {
  return value.trim() ? null : key;
}

/** The latest birthday that is 18 years old today, for the date input's max. */
export function latestAdultBirthday(today: Date = new Date()): string {
  const y = today.getFullYear() - MINIMUM_AGE;
  const m = String(today.getMonth() + 1).padStart(2, '0');
  const d = String(today.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export interface RegisterFields {
  userName: string;
  email: string;
  password: string;
  confirmPassword: string;
  gender: string;
  country: string;
  birthday: string;
  avatar: string;
  privacyAccepted: boolean;
}

export type RegisterErrors = Partial<Record<keyof RegisterFields, ValidationKey>>;

export function validateRegister(form: RegisterFields, today: Date = new Date()): RegisterErrors {
  const errors: RegisterErrors = {};
  const set = (field: keyof RegisterFields, key: ValidationKey | null) => {
    if (key) errors[field] = key;
  };
  set('avatar', form.avatar ? null : 'validation.avatarRequired');
  set('userName', checkUserName(form.userName));
  set('email', checkEmail(form.email));
  set('password', checkPassword(form.password));
  set('confirmPassword', checkConfirm(form.password, form.confirmPassword));
  set(
    'gender',
    form.gender === 'female' || form.gender === 'male' ? null : 'validation.genderRequired',
  );
  set(
    'country',
    (COUNTRIES as readonly string[]).includes(form.country) ? null : 'validation.countryRequired',
  );
  set('birthday', checkBirthday(form.birthday, today));
  set('privacyAccepted', form.privacyAccepted ? null : 'validation.privacy');
  return errors;
}

export const SIGNATURE_MAX = 200;

/** A telephone number as the server takes it: digits with `+ - ( )` and spaces, 5 to 20. */
export function checkTelephone(telephone: string): ValidationKey | null {
  const value = telephone.trim();
  if (!value) return null;
  const length = [...value].length;
  const ok = length >= 5 && length <= 20 && /\d/.test(value) && /^[\d+\-() ]+$/.test(value);
  return ok ? null : 'validation.telephone';
}

/** What my profile's edit form holds; the photo is its URL, or a data URL once changed. */
export interface ProfileForm {
  avatar: string;
  signature: string;
  country: string;
  language: string;
  telephone: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, ValidationKey>>;

/** The rules of registration, for the fields a profile edit may change. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  const set = (field: keyof ProfileForm, key: ValidationKey | null) => {
    if (key) errors[field] = key;
  };
  set('avatar', form.avatar ? null : 'validation.avatarRequired');
  set(
    'country',
    (COUNTRIES as readonly string[]).includes(form.country) ? null : 'validation.countryRequired',
  );
  set(
    'signature',
    [...form.signature.trim()].length > SIGNATURE_MAX ? 'validation.signatureLength' : null,
  );
  set('telephone', checkTelephone(form.telephone));
  return errors;
}
