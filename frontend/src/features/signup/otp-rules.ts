/** Spec §9 OTP: 6 digits, valid 300 s, a new one after 60 s. */
export const OTP_LENGTH = 6;
export const OTP_VALID_SECONDS = 300;
export const OTP_RESEND_AFTER_SECONDS = 60;
export const INVALID_OTP_MESSAGE = 'Invalid OTP: The verification code you entered is incorrect.';

/** Digits only, at most six: what typing or pasting ("123 456", "123-456") leaves in the code field. */
export function cleanOtp(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}
