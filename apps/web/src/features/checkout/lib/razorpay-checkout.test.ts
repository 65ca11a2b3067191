import { afterEach, describe, expect, it } from 'vitest';
import { loadRazorpayCheckout, type RazorpayConstructor } from './razorpay-checkout';

const src = 'https://checkout.razorpay.test/v1/checkout.js';
const scripts = () => document.head.querySelectorAll('script[data-razorpay-checkout]');
const Razorpay = function () {
  return { open: () => undefined, on: () => undefined };
} as unknown as RazorpayConstructor;

afterEach(() => {
  delete window.Razorpay;
  scripts().forEach((script) => script.remove());
});

describe('loadRazorpayCheckout (issue 28)', () => {
  it('shares one script between callers, and injects a fresh one after a failed load', async () => {
    const first = loadRazorpayCheckout(src);
    const second = loadRazorpayCheckout(src);
    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.getAttribute('src')).toBe(src);
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Razorpay Checkout did not load.');
    expect(scripts()).toHaveLength(0);

    const retry = loadRazorpayCheckout(src);
    expect(scripts()).toHaveLength(1);
    window.Razorpay = Razorpay;
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe(Razorpay);
  });

  it('uses Checkout at once when the page already has it', async () => {
    window.Razorpay = Razorpay;
    await expect(loadRazorpayCheckout(src)).resolves.toBe(Razorpay);
    expect(scripts()).toHaveLength(0);
  });
});
