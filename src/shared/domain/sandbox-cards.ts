// The payment sandbox's test cards, modelled on Stripe's: 4242 4242 4242 4242 succeeds,
// 4000 0000 0000 0002 is declined, any other number passing the Luhn check succeeds.
export const SANDBOX_SUCCESS_CARD = '4242 4242 4242 4242';
export const SANDBOX_DECLINE_CARD = '4000 0000 0000 0002';
export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';
export const SANDBOX_INVALID_CARD_MESSAGE = 'Your card number is invalid.';

export const normaliseCardNumber = (input: string) => input.replace(/[\s-]/g, '');

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type SandboxCardOutcome = 'succeeds' | 'declined' | 'invalid';

export function sandboxCardOutcome(cardNumber: string): SandboxCardOutcome {
  const digits = normaliseCardNumber(cardNumber);
  if (!passesLuhn(digits)) return 'invalid';
  return digits === normaliseCardNumber(SANDBOX_DECLINE_CARD) ? 'declined' : 'succeeds';
}
