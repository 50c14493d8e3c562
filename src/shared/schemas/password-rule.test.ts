import { describe, expect, test } from 'bun:test';
import { checkChangePassword, checkNewPassword, checkRegister, checkReset, COMMON_PASSWORD_MESSAGE, isCommonPassword } from './account';
import { COMMON_PASSWORDS } from './common-passwords';

const RULE = 'Password must contain at least one uppercase letter, one lowercase letter, and one number';

describe('the one rule for a new password (register, reset, change)', () => {
  test.each([
    ['', 'Password is required'],
    ['Ab1', 'Password must be at least 8 characters'],
    ['password', RULE],
    ['PASSWORD1', RULE],
    ['Password', RULE],
    ['password1', RULE],
    ['Password1', COMMON_PASSWORD_MESSAGE],
    ['PassW0rd', COMMON_PASSWORD_MESSAGE],
    ['Qwerty123', COMMON_PASSWORD_MESSAGE],
  ])('register and reset give the same answer for %p: %p', (p, message) => {
    expect(checkNewPassword(p)).toEqual({ password: message });
    expect(checkReset({ password: p, confirmPassword: p }).password).toBe(message);
    expect(checkRegister({ email: 'a@example.com', password: p, termsAccepted: true, ageConfirmed: true, reference: 'friend' })).toEqual({ password: message });
  });

  test('a password the rule accepts passes register and reset alike', () => {
    for (const p of ['Journey123', 'Coinreel2025x', 'correct Horse 9']) {
      expect(checkNewPassword(p)).toEqual({});
      expect(checkReset({ password: p, confirmPassword: p })).toEqual({});
    }
  });

  test.each([
    ['Dave123456', ''],
    ['Journey123', ''],
    ['Password1', COMMON_PASSWORD_MESSAGE],
    ['Sasha_007', COMMON_PASSWORD_MESSAGE],
    ['nouppercase1!', RULE],
    ['Ab1!', 'Password must be at least 8 characters'],
  ])('change gives register\'s answer for %p: one rule on every path (none: "")', (p, message) => {
    expect(checkChangePassword({ currentPassword: 'Old12345!', newPassword: p, confirmPassword: p }).newPassword ?? '').toBe(message);
    expect(checkNewPassword(p).password ?? '').toBe(message);
  });

  test('the embedded list holds only entries the other rules could let through, in lower case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300);
    for (const p of COMMON_PASSWORDS) {
      expect(p.length).toBeGreaterThanOrEqual(8);
      expect(p).toBe(p.toLowerCase());
      expect(/[a-z]/.test(p) && /\d/.test(p)).toBe(true);
    }
  });
});
