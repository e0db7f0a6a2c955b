import type { StripeCardElement, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { passesLuhn } from '@bookswap/shared/schemas';

/** What the sandbox sends to the server for a card (`sandboxConfirmBodySchema`'s `card`). */
export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

type CardError = NonNullable<StripeCardElementChangeEvent['error']>;
type Listener = (event: unknown) => void;
type CardEvent = 'change' | 'ready' | 'focus' | 'blur' | 'escape';

// Stripe.js's own wording for card fields that are not finished or not valid.
const INCOMPLETE = {
  number: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
  expiry: {
    type: 'validation_error',
    code: 'incomplete_expiry',
    message: "Your card's expiration date is incomplete.",
  },
  cvc: { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
} satisfies Record<string, CardError>;
const INVALID_NUMBER: CardError = {
  type: 'validation_error',
  code: 'invalid_number',
  message: 'Your card number is invalid.',
};
const PAST_EXPIRY: CardError = {
  type: 'validation_error',
  code: 'invalid_expiry_year_past',
  message: "Your card's expiration year is in the past.",
};

const digitsOf = (text: string) => text.replace(/\D/g, '');

function brandOf(digits: string): StripeCardElementChangeEvent['brand'] {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  if (/^3(0|6|8)/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Card number length by brand: Amex 15, Diners 14, the others 16. */
const numberLength = (digits: string) => (/^3[47]/.test(digits) ? 15 : /^3(0|6|8)/.test(digits) ? 14 : 16);

/** "4242424242424242" as "4242 4242 4242 4242", the way the card reads. */
const groupNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1234" as "12 / 34". */
function formatExpiry(text: string): string {
  const digits = digitsOf(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

let nextId = 1;

const FIELD_STYLE =
  'display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px 12px;font:inherit;font-size:1rem;' +
  'color:#1a1a1a;background:#fff;border:1px solid #767676;border-radius:4px;';
const LABEL_STYLE = 'display:block;font-size:0.875rem;color:#333;';

/**
 * The sandbox's card element: what `elements.create('card')` gives in place of Stripe's iframe, with
 * three labelled fields (Card number, Expiry, CVC) a person and a screen reader can use. It reports
 * `ready`, `change` (empty, complete, Stripe's validation messages), `focus` and `blur` as Stripe's does.
 */
export class SandboxCardElement {
  private readonly listeners = new Map<string, Set<Listener>>();
  private root: HTMLElement | null = null;
  private inputs: { number: HTMLInputElement; expiry: HTMLInputElement; cvc: HTMLInputElement } | null = null;
  private disabled: boolean;
  private destroyed = false;
  private lastChange = '';

  constructor(
    options: { disabled?: boolean } = {},
    private readonly onDestroy: () => void = () => {},
  ) {
    this.disabled = options.disabled ?? false;
  }

  mount(target: string | HTMLElement): void {
    if (this.destroyed) throw new Error('This Element has already been destroyed. Please create a new one.');
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!host) throw new Error(`The selector you specified (${String(target)}) applies to no DOM elements.`);
    const id = `sandbox-card-${nextId++}`;
    const root = document.createElement('div');
    root.setAttribute('data-sandbox-card', '');
    // One line where there is room; on a phone the number takes its own line above expiry and CVC.
    root.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px;';
    const field = (name: string, label: string, attributes: Record<string, string>) => {
      const wrapper = document.createElement('div');
      wrapper.style.cssText = name === 'number' ? 'flex:3 1 260px;min-width:0;' : 'flex:1 1 90px;min-width:0;';
      const labelElement = document.createElement('label');
      labelElement.htmlFor = `${id}-${name}`;
      labelElement.textContent = label;
      labelElement.style.cssText = LABEL_STYLE;
      const input = document.createElement('input');
      input.id = `${id}-${name}`;
      input.type = 'text';
      input.inputMode = 'numeric';
      input.style.cssText = FIELD_STYLE;
      input.disabled = this.disabled;
      for (const [key, value] of Object.entries(attributes)) input.setAttribute(key, value);
      labelElement.append(input);
      wrapper.append(labelElement);
      root.append(wrapper);
      input.addEventListener('focus', () => this.emit('focus', { elementType: 'card' }));
      input.addEventListener('blur', () => {
        this.emit('blur', { elementType: 'card' });
        this.emitChange(true);
      });
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') this.emit('escape', { elementType: 'card' });
      });
      return input;
    };
    const number = field('number', 'Card number', { autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' });
    const expiry = field('expiry', 'Expiry', { autocomplete: 'cc-exp', placeholder: 'MM / YY' });
    const cvc = field('cvc', 'CVC', { autocomplete: 'cc-csc', placeholder: 'CVC', maxlength: '4' });
    number.addEventListener('input', () => {
      const digits = digitsOf(number.value).slice(0, 19);
      number.value = groupNumber(digits);
      this.emitChange(false);
    });
    expiry.addEventListener('input', () => {
      expiry.value = formatExpiry(expiry.value);
      this.emitChange(false);
    });
    cvc.addEventListener('input', () => {
      cvc.value = digitsOf(cvc.value).slice(0, 4);
      this.emitChange(false);
    });
    host.append(root);
    this.root = root;
    this.inputs = { number, expiry, cvc };
    // Stripe's iframe reports ready once loaded, after mount returns.
    setTimeout(() => {
      if (this.root) this.emit('ready', { elementType: 'card' });
    }, 0);
  }

  /** The card typed so far, or Stripe's validation error for the first field that is not finished. */
  read(now = new Date()): { card: SandboxCard } | { error: CardError } {
    if (!this.inputs) return { error: INCOMPLETE.number };
    const digits = digitsOf(this.inputs.number.value);
    if (digits.length < numberLength(digits)) return { error: INCOMPLETE.number };
    if (!passesLuhn(digits)) return { error: INVALID_NUMBER };
    const expiry = digitsOf(this.inputs.expiry.value);
    const month = Number(expiry.slice(0, 2));
    if (expiry.length < 4 || month < 1 || month > 12) return { error: INCOMPLETE.expiry };
    const year = 2000 + Number(expiry.slice(2, 4));
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      return { error: PAST_EXPIRY };
    }
    const cvc = digitsOf(this.inputs.cvc.value);
    if (cvc.length < (/^3[47]/.test(digits) ? 4 : 3)) return { error: INCOMPLETE.cvc };
    return { card: { number: digits, expMonth: month, expYear: year, cvc } };
  }

  private emitChange(leftField: boolean): void {
    if (!this.inputs) return;
    const digits = digitsOf(this.inputs.number.value);
    const empty = !digits && !this.inputs.expiry.value && !this.inputs.cvc.value;
    const result = this.read();
    let error: CardError | undefined;
    if ('error' in result) {
      // While typing only a definite mistake shows; an unfinished field is reported once the user leaves it.
      const definite = result.error === INVALID_NUMBER || result.error === PAST_EXPIRY;
      if (definite || (leftField && !empty)) error = result.error;
    }
    const event: StripeCardElementChangeEvent = {
      elementType: 'card',
      empty,
      complete: 'card' in result,
      error,
      brand: brandOf(digits),
      value: { postalCode: '' },
    };
    // Leaving a field reports only news (an unfinished field); like Stripe, it does not repeat the last change.
    const summary = `${event.empty}|${event.complete}|${event.error?.code ?? ''}`;
    if (leftField && summary === this.lastChange) return;
    this.lastChange = summary;
    this.emit('change', event);
  }

  private emit(type: CardEvent, event: unknown): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }

  on(type: CardEvent, handler: Listener): this {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(handler);
    return this;
  }

  once(type: CardEvent, handler: Listener): this {
    const wrapped: Listener = (event) => {
      this.off(type, wrapped);
      handler(event);
    };
    return this.on(type, wrapped);
  }

  off(type: CardEvent, handler?: Listener): this {
    if (handler) this.listeners.get(type)?.delete(handler);
    else this.listeners.delete(type);
    return this;
  }

  update(options: { disabled?: boolean }): void {
    if (options.disabled === undefined) return;
    this.disabled = options.disabled;
    if (this.inputs) for (const input of Object.values(this.inputs)) input.disabled = options.disabled;
  }

  focus(): void {
    this.inputs?.number.focus();
  }

  blur(): void {
    const active = document.activeElement;
    if (active instanceof HTMLElement && this.root?.contains(active)) active.blur();
  }

  clear(): void {
    if (!this.inputs) return;
    for (const input of Object.values(this.inputs)) input.value = '';
    this.emitChange(false);
  }

  unmount(): void {
    this.root?.remove();
    this.root = null;
    this.inputs = null;
  }

  destroy(): void {
    this.unmount();
    this.listeners.clear();
    this.destroyed = true;
    this.onDestroy();
  }

  /** Stripe's card element type; the sandbox implements the part of it this product calls. */
  asStripeElement(): StripeCardElement {
    return this as unknown as StripeCardElement;
  }
}
