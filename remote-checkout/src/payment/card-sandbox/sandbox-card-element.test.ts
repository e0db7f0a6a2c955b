import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { SandboxCardElement } from './sandbox-card-element';

const user = userEvent.setup({ delay: null });

/** Mounts a sandbox card element in the page and keeps every change event it reports. */
function mountCard() {
  const host = document.createElement('div');
  document.body.append(host);
  const element = new SandboxCardElement();
  const changes: StripeCardElementChangeEvent[] = [];
  element.on('change', (event) => changes.push(event as StripeCardElementChangeEvent));
  element.mount(host);
  return { element, changes, host };
}

async function typeCard(number: string, expiry: string, cvc: string) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
}

describe('the sandbox card element', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reads a typed card the way the server sandbox takes it, and says when it is complete', async () => {
    const { element, changes } = mountCard();
    await typeCard('4242424242424242', '0834', '123');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry')).toHaveValue('08 / 34');
    expect(changes.at(-1)).toMatchObject({ elementType: 'card', complete: true, empty: false, brand: 'visa' });
    expect(element.read()).toEqual({ card: { number: '4242424242424242', expMonth: 8, expYear: 2034, cvc: '123' } });
  });

  it('reports a number that fails the checksum at once, with Stripe’s message', async () => {
    const { changes } = mountCard();
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    expect(changes.at(-1)?.error?.message).toBe('Your card number is invalid.');
  });

  it('reports an unfinished field only once the user leaves it', async () => {
    const { changes } = mountCard();
    await user.type(screen.getByLabelText('Card number'), '4242');
    expect(changes.at(-1)?.error).toBeUndefined();
    await user.tab();
    expect(changes.at(-1)?.error?.message).toBe('Your card number is incomplete.');
  });

  it('refuses a card whose expiry has passed', async () => {
    const { element } = mountCard();
    await typeCard('4242424242424242', '0120', '123');
    expect(element.read()).toEqual({
      error: expect.objectContaining({ message: "Your card's expiration year is in the past." }) as unknown,
    });
  });

  it('wants 15 digits and a 4-digit CVC for an American Express card', async () => {
    const { element } = mountCard();
    await typeCard('378282246310005', '1234', '123');
    expect(element.read()).toEqual({
      error: expect.objectContaining({ message: "Your card's security code is incomplete." }) as unknown,
    });
    await user.type(screen.getByLabelText('CVC'), '4');
    expect(element.read()).toMatchObject({ card: { number: '378282246310005', cvc: '1234' } });
  });

  it('says it is ready after mounting, and leaves the page when destroyed', async () => {
    const { element, host } = mountCard();
    const ready = new Promise((resolve) => element.once('ready', resolve));
    await expect(ready).resolves.toEqual({ elementType: 'card' });
    element.destroy();
    expect(host).toBeEmptyDOMElement();
    expect(() => element.mount(host)).toThrow('destroyed');
  });
});
