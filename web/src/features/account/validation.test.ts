import {
  ageOn,
  checkBirthday,
  checkEmail,
  checkNewPassword,
  checkPassword,
  checkTelephone,
  latestAdultBirthday,
  validateProfile,
  validateRegister,
} from './validation';

const today = new Date(2026, 5, 15); // 15 June 2026

describe('account validation', () => {
  it('asks for an email, then for a valid one', () => {
    expect(checkEmail('')).toBe('validation.emailRequired');
    expect(checkEmail('anna@')).toBe('validation.emailFormat');
    expect(checkEmail('anna@example.com')).toBeNull();
  });

  it('accepts passwords of 5 to 20 characters only', () => {
    expect(checkPassword('1234')).toBe('validation.passwordLength');
    expect(checkPassword('12345')).toBeNull();
    expect(checkPassword('x'.repeat(20))).toBeNull();
    expect(checkPassword('x'.repeat(21))).toBe('validation.passwordLength');
  });

  it('refuses a new password equal to the old one', () => {
    expect(checkNewPassword('secret1', 'secret1')).toBe('validation.samePassword');
    expect(checkNewPassword('secret1', 'secret2')).toBeNull();
  });

  it('turns people away the day before their 18th birthday', () => {
    expect(ageOn('2008-06-16', today)).toBe(17);
    expect(checkBirthday('2008-06-16', today)).toBe('validation.under18');
    expect(checkBirthday('2008-06-15', today)).toBeNull();
    expect(latestAdultBirthday(today)).toBe('2008-06-15');
  });

  it('requires the privacy policy and a photo at registration', () => {
    const errors = validateRegister(
      {
        userName: 'anna',
        email: 'anna@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
        gender: 'female',
        country: 'Japan',
        birthday: '1995-01-01',
        avatar: '',
        privacyAccepted: false,
      },
      today,
    );
    expect(errors).toEqual({
      avatar: 'validation.avatarRequired',
      privacyAccepted: 'validation.privacy',
    });
  });

  it('only accepts the listed countries', () => {
    const errors = validateRegister(
      {
        userName: 'a',
        email: 'a@b.co',
        password: 'secret1',
        confirmPassword: 'secret1',
        gender: 'male',
        country: 'France',
        birthday: '1990-01-01',
        avatar: 'data:image/jpeg;base64,x',
        privacyAccepted: true,
      },
      today,
    );
    expect(errors.country).toBe('validation.countryRequired');
  });
});

describe('user names', () => {
  it('are 2 to 30 characters without @', async () => {
    const { checkUserName } = await import('./validation');
    expect(checkUserName('')).toBe('validation.userNameRequired');
    expect(checkUserName('a')).toBe('validation.userNameRule');
    expect(checkUserName('a@b')).toBe('validation.userNameRule');
    expect(checkUserName('anna')).toBeNull();
  });
});

describe('profile edits', () => {
  const good = {
    avatar: '/media/avatars/a.jpg',
    signature: 'Hello',
    country: 'Japan',
    language: 'ja',
    telephone: '',
  };

  it('take the rules of registration', () => {
    expect(validateProfile(good)).toEqual({});
    expect(validateProfile({ ...good, avatar: '' })).toEqual({
      avatar: 'validation.avatarRequired',
    });
    expect(validateProfile({ ...good, country: 'Atlantis' })).toEqual({
      country: 'validation.countryRequired',
    });
    expect(validateProfile({ ...good, signature: 'x'.repeat(201) })).toEqual({
      signature: 'validation.signatureLength',
    });
    expect(validateProfile({ ...good, signature: '好'.repeat(200) })).toEqual({});
  });

  it('take a telephone number as the server does', () => {
    for (const ok of ['', '+44 20 7946 0958', '(03) 1234-5678', '12345'])
      expect(checkTelephone(ok), ok).toBeNull();
    for (const bad of ['1234', 'call me', '+++++', '1'.repeat(21), '555-CALL'])
      expect(checkTelephone(bad), bad).toBe('validation.telephone');
  });
});
