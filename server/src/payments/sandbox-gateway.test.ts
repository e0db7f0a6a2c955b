import { judgeCard, requiresAuthentication } from './sandbox-gateway';

const card = (number: string, expYear = 2099, expMonth = 12) => ({ number, expMonth, expYear, cvc: '123' });

describe('the card sandbox follows Stripe’s test cards', () => {
  it.each(['4242 4242 4242 4242', '5555555555554444', '378282246310005'])('lets %s pay', (number) => {
    expect(judgeCard(card(number))).toBeNull();
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('declines %s', (number, declineCode, message) => {
    expect(judgeCard(card(number))).toEqual({
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message,
    });
  });

  it('refuses a mistyped number, an expired card and a real card number', () => {
    expect(judgeCard(card('4242 4242 4242 4241'))?.code).toBe('incorrect_number');
    expect(judgeCard(card('4242424242424242', 2020, 1))?.code).toBe('expired_card');
    expect(judgeCard(card('4111 1111 1111 1111'))?.code).toBe('card_declined');
  });
});

describe('the card sandbox asks for 3-D Secure like Stripe’s test card', () => {
  it('accepts 4000 0025 0000 3155 only after authentication, and no other card needs it', () => {
    expect(judgeCard(card('4000 0025 0000 3155'))).toBeNull();
    expect(requiresAuthentication(card('4000 0025 0000 3155'))).toBe(true);
    expect(requiresAuthentication(card('4242 4242 4242 4242'))).toBe(false);
  });
});
