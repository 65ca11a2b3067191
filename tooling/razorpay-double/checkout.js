/* global window, document */
/**
 * The Razorpay double's Checkout: what https://checkout.razorpay.com/v1/checkout.js gives a page
 * (window.Razorpay, open/close/on), with a plain modal instead of Razorpay's iframe, so a journey
 * clicks "UPI" or "Fail payment" where a customer would pay. The double serves this file with its
 * own address in place of FALLBACK_ORIGIN.
 */
(function () {
  'use strict';

  const FALLBACK_ORIGIN = 'http://razorpay-double.invalid';
  // The address the page loaded this script from is the double's, whatever name the page used.
  const current = document.currentScript;
  const ORIGIN = current && current.src ? new URL(current.src).origin : FALLBACK_ORIGIN;

  const METHODS = [
    ['UPI', 'upi'],
    ['Card', 'card'],
    ['Netbanking', 'netbanking'],
    ['Wallet', 'wallet'],
  ];

  function rupees(paise) {
    const amount = Number(paise);
    if (!Number.isFinite(amount)) return '';
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(
      amount / 100,
    );
  }

  function element(tag, style, text) {
    const node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text !== undefined && text !== null && text !== '') node.textContent = String(text);
    return node;
  }

  /** A merchant's callback that throws must not leave the modal half torn down. */
  function callSafely(fn, argument) {
    if (typeof fn !== 'function') return;
    try {
      fn(argument);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }

  const BUTTON_STYLE =
    'display:block;width:100%;margin:6px 0;padding:10px 12px;font:inherit;text-align:left;' +
    'background:#ffffff;color:#1a1a1a;border:1px solid #767676;border-radius:6px;cursor:pointer';

  class Razorpay {
    constructor(options) {
      if (!options || !options.key) throw new Error('No key passed');
      this.options = options;
      this.listeners = {};
      this.root = null;
      this.busy = false;
      this.onKeydown = this.onKeydown.bind(this);
    }

    on(event, handler) {
      (this.listeners[event] = this.listeners[event] || []).push(handler);
      return this;
    }

    open() {
      if (this.root) return this;
      const options = this.options;
      const prefill = options.prefill || {};
      const accent = (options.theme && options.theme.color) || '#3399cc';
      this.returnFocus = document.activeElement;

      const overlay = element(
        'div',
        'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;' +
          'justify-content:center;background:rgba(0,0,0,0.6);font:16px/1.4 system-ui,sans-serif',
      );
      overlay.setAttribute('data-razorpay-double', '');
      const dialog = element(
        'div',
        'position:relative;box-sizing:border-box;width:360px;max-width:calc(100% - 32px);' +
          'max-height:calc(100% - 32px);overflow:auto;padding:20px;background:#ffffff;' +
          `color:#1a1a1a;border-radius:8px;border-top:6px solid ${accent}`,
      );
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', 'Razorpay Checkout');
      dialog.tabIndex = -1;

      const close = element(
        'button',
        'position:absolute;top:12px;right:12px;padding:4px 8px;font:inherit;font-size:14px;' +
          'background:#ffffff;color:#1a1a1a;border:1px solid #767676;border-radius:4px;cursor:pointer',
        'Close',
      );
      close.type = 'button';
      close.addEventListener('click', () => this.dismiss());
      dialog.append(close);

      dialog.append(element('p', 'margin:0 64px 4px 0;font-weight:700', options.name));
      if (options.description)
        dialog.append(element('p', 'margin:0 0 4px;color:#444444', options.description));
      dialog.append(
        element('p', 'margin:8px 0;font-size:24px;font-weight:700', rupees(options.amount)),
      );
      const customer = [prefill.name, prefill.email, prefill.contact].filter(Boolean).join(' · ');
      if (customer)
        dialog.append(element('p', 'margin:0 0 12px;color:#444444;font-size:14px', customer));

      const buttons = [];
      for (const [label, method] of METHODS) {
        const button = element('button', BUTTON_STYLE, label);
        button.type = 'button';
        button.addEventListener('click', () => this.pay(method, 'success'));
        buttons.push(button);
      }
      const fail = element('button', BUTTON_STYLE, 'Fail payment');
      fail.type = 'button';
      fail.addEventListener('click', () => this.pay('card', 'failed'));
      buttons.push(fail);
      dialog.append(...buttons);

      this.status = element('p', 'margin:12px 0 0;min-height:1.4em;color:#1a1a1a');
      this.status.setAttribute('role', 'status');
      dialog.append(this.status);

      this.buttons = [close, ...buttons];
      this.dialog = dialog;
      overlay.append(dialog);
      document.body.append(overlay);
      this.root = overlay;
      document.addEventListener('keydown', this.onKeydown, true);
      buttons[0].focus();
      return this;
    }

    close() {
      this.teardown();
    }

    dismiss() {
      if (!this.root) return;
      this.teardown();
      callSafely(this.options.modal && this.options.modal.ondismiss);
    }

    teardown() {
      if (!this.root) return;
      document.removeEventListener('keydown', this.onKeydown, true);
      this.root.remove();
      this.root = null;
      this.busy = false;
      const back = this.returnFocus;
      this.returnFocus = null;
      if (back && typeof back.focus === 'function' && document.contains(back)) back.focus();
    }

    onKeydown(event) {
      if (!this.root) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        this.dismiss();
      } else if (event.key === 'Tab') {
        // aria-modal promises the page behind is out of reach: keep Tab inside the dialog.
        const enabled = this.buttons.filter((button) => !button.disabled);
        if (enabled.length === 0) return;
        const first = enabled[0];
        const last = enabled[enabled.length - 1];
        const inside = this.dialog.contains(document.activeElement);
        if (event.shiftKey && (document.activeElement === first || !inside)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
          event.preventDefault();
          first.focus();
        }
      }
    }

    setBusy(busy, message) {
      this.busy = busy;
      this.dialog.setAttribute('aria-busy', busy ? 'true' : 'false');
      // Close stays enabled: a customer may walk away from a slow payment, as in real Checkout.
      for (const button of this.buttons.slice(1)) button.disabled = busy;
      this.status.textContent = message;
    }

    async pay(method, outcome) {
      if (!this.root || this.busy) return;
      const options = this.options;
      const prefill = options.prefill || {};
      this.setBusy(true, 'Processing payment…');
      let response;
      let body;
      try {
        response = await fetch(`${ORIGIN}/v1/checkout/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            key_id: options.key,
            order_id: options.order_id,
            method,
            outcome,
            email: prefill.email,
            contact: prefill.contact,
            description: options.description,
          }),
        });
        body = await response.json();
      } catch {
        if (this.root) this.setBusy(false, 'Could not reach Razorpay. Try again.');
        return;
      }
      // Dismissed while the payment was on its way: the shop learns of it by webhook, if at all.
      if (!this.root) return;
      if (response.ok && body && body.razorpay_payment_id) {
        this.teardown();
        callSafely(options.handler, {
          razorpay_payment_id: body.razorpay_payment_id,
          razorpay_order_id: body.razorpay_order_id,
          razorpay_signature: body.razorpay_signature,
        });
        return;
      }
      const error = (body && body.error) || { description: 'Payment could not be completed' };
      if (error.reason === 'payment_failed') {
        // Real Checkout keeps the modal open so the customer can retry with another method.
        this.setBusy(false, 'Payment failed. Try again or choose another method.');
        for (const listener of this.listeners['payment.failed'] || [])
          callSafely(listener, { error });
      } else {
        this.setBusy(false, error.description);
      }
    }
  }

  window.Razorpay = Razorpay;
})();
