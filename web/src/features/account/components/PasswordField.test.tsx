import { fireEvent, render, screen } from '@testing-library/react';
import { PasswordField } from './PasswordField';

// Without a loaded language, t() answers the key: the assertions name the strings by key.
describe('password field', () => {
  it('hides the password until Show is pressed, and tells the browser which password it is', () => {
    const onChange = vi.fn();
    render(
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value="secret1"
        onChange={onChange}
        lengthHint
      />,
    );
    const box = screen.getByLabelText('New password');
    expect(box).toHaveProperty('type', 'password');
    expect(box.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('validation.passwordLength')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'common.showPassword' }));
    expect(box).toHaveProperty('type', 'text');
    fireEvent.change(box, { target: { value: 'secret12' } });
    expect(onChange).toHaveBeenCalledWith('secret12');
  });

  it('says what is wrong under the box instead of the hint', () => {
    render(
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value=""
        onChange={() => undefined}
        error="Enter your password"
        lengthHint
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Enter your password');
    expect(screen.queryByText('validation.passwordLength')).toBeNull();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });
});
