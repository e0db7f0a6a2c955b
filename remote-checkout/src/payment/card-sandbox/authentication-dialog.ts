/** What the sandbox's 3-D Secure step shows: the amount being authenticated. */
export interface AuthenticationRequest {
  amount: number;
  currency: string;
}

const BUTTON_STYLE =
  'font:inherit;font-weight:600;padding:8px 16px;border-radius:4px;cursor:pointer;text-transform:none;';

/**
 * Stripe's 3-D Secure test page, as the sandbox shows it: a modal dialog over the page with "Complete
 * authentication" and "Fail authentication". Like Stripe.js, the sandbox draws it itself, so the payment
 * screen only awaits `confirmCardPayment`. Keyboard: focus starts on Complete, Tab stays inside, Escape
 * fails (as closing Stripe's modal does), and focus goes back where it was. Resolves with the answer.
 */
export function askForAuthentication({ amount, currency }: AuthenticationRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overlay = document.createElement('div');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2000;display:flex;align-items:center;justify-content:center;' +
      'background:rgba(0,0,0,0.5);padding:16px;';
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'sandbox-3ds-title');
    dialog.setAttribute('aria-describedby', 'sandbox-3ds-text');
    dialog.style.cssText =
      'background:#fff;color:#1a1a1a;border-radius:8px;max-width:420px;width:100%;padding:24px;' +
      'box-shadow:0 8px 32px rgba(0,0,0,0.3);font-family:inherit;';
    const title = document.createElement('h2');
    title.id = 'sandbox-3ds-title';
    title.textContent = '3D Secure test payment';
    title.style.cssText = 'margin:0 0 8px;font-size:1.25rem;';
    const text = document.createElement('p');
    text.id = 'sandbox-3ds-text';
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
    text.textContent = `Your bank asks you to confirm this payment of ${money.format(amount / 100)}. This is the card sandbox: choose how the authentication ends.`;
    text.style.cssText = 'margin:0 0 20px;line-height:1.5;';
    const actions = document.createElement('div');
    actions.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end;';
    const fail = document.createElement('button');
    fail.type = 'button';
    fail.textContent = 'Fail authentication';
    fail.style.cssText = `${BUTTON_STYLE}background:#fff;color:#b3261e;border:1px solid #b3261e;`;
    const complete = document.createElement('button');
    complete.type = 'button';
    complete.textContent = 'Complete authentication';
    complete.style.cssText = `${BUTTON_STYLE}background:#1565c0;color:#fff;border:1px solid #1565c0;`;
    actions.append(fail, complete);
    dialog.append(title, text, actions);
    overlay.append(dialog);

    const finish = (approve: boolean) => {
      overlay.remove();
      returnFocusTo?.focus();
      resolve(approve);
    };
    complete.addEventListener('click', () => finish(true));
    fail.addEventListener('click', () => finish(false));
    overlay.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        finish(false);
      } else if (event.key === 'Tab') {
        // Two buttons: Tab and Shift+Tab move between them and never leave the dialog.
        event.preventDefault();
        (document.activeElement === complete ? fail : complete).focus();
      }
    });
    document.body.append(overlay);
    complete.focus();
  });
}
