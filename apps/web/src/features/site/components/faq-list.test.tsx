import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** Issue 19: the FAQ's answers point to the features, with the configured figures. */
async function answerTo(question: string) {
  const summary = await screen.findByText(question);
  const details = summary.closest('details') as HTMLElement;
  return details.querySelector('p') as HTMLElement;
}

describe('FAQ', () => {
  it('tells how to cancel, return, report damage and use points, with the default figures', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    renderApp('/faq');
    const cancel = await answerTo('Can I change or cancel my order?');
    expect(cancel.textContent).toBe(
      'Yes. Open the order in My Orders and choose Cancel order within 24 hours of placing it, as long as it has not been dispatched; a card payment is refunded in full. You can change the delivery address there too until the order is packed.',
    );
    expect(within(cancel).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe(
      '/dashboard/orders',
    );
    expect((await answerTo('What is your return policy?')).textContent).toBe(
      "Open the delivered order in My Orders and choose Return items within 30 days of delivery. Unopened products in their original packaging are refunded in full; for everyone's safety, opened medicines and products that need cold storage cannot be returned, and the form says which. The refund goes back to your card, or for cash on delivery by UPI or bank transfer.",
    );
    expect((await answerTo('What if my order arrives damaged?')).textContent).toBe(
      'Report damaged or wrong items from the order page within 48 hours of delivery, with a photo; we will replace them or refund you.',
    );
    const points = await answerTo('Do you have a loyalty programme?');
    expect(points.textContent).toBe(
      'Yes. Every delivered order earns points (1 for every ₹100 paid); spend them at the payment step, up to 20% of an order; they expire after 12 months. See them on your Rewards page.',
    );
    expect(within(points).getByRole('link', { name: 'Rewards page' }).getAttribute('href')).toBe(
      '/dashboard/rewards',
    );
  });

  it('follows the figures the shop is configured with', async () => {
    mockApi({
      'GET /api/settings': {
        body: {
          ...settingsResponse,
          afterSales: { changeOrCancelHours: 1, returnDays: 14, damageReportHours: 72 },
          loyalty: {
            earnPerMinor: 5_000,
            pointValueMinor: 100,
            maxRedeemPercent: 10,
            expiryMonths: 1,
          },
        },
      },
    });
    renderApp('/faq');
    expect(await screen.findByText(/choose Cancel order within 1 hour of placing it/)).toBeTruthy();
    expect(screen.getByText(/choose Return items within 14 days of delivery/)).toBeTruthy();
    expect(screen.getByText(/within 72 hours of delivery, with a photo/)).toBeTruthy();
    expect((await answerTo('Do you have a loyalty programme?')).textContent).toBe(
      'Yes. Every delivered order earns points (1 for every ₹50 paid); spend them at the payment step, up to 10% of an order; they expire after 1 month. See them on your Rewards page.',
    );
  });
});

describe('FAQ: payment methods (issue 28)', () => {
  it('names the methods of the test provider, without a cash-on-delivery maximum', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    renderApp('/faq');
    expect((await answerTo('Which payment methods do you accept?')).textContent).toBe(
      'You can pay by cards or cash on delivery. Card payment is offered for orders above ₹50.00.',
    );
  });

  it("names Razorpay's methods and the cash-on-delivery maximum", async () => {
    mockApi({
      'GET /api/settings': {
        body: { ...settingsResponse, payments: { online: 'razorpay', codMaxOrderValue: 5000 } },
      },
    });
    renderApp('/faq');
    expect(
      await screen.findByText(/^You can pay by UPI, cards, netbanking, wallets or cash/),
    ).toBeTruthy();
    expect((await answerTo('Which payment methods do you accept?')).textContent).toBe(
      'You can pay by UPI, cards, netbanking, wallets or cash on delivery. Online payment is offered for orders above ₹50.00. Cash on delivery is available for orders up to ₹5,000.00.',
    );
    expect((await answerTo('What is your return policy?')).textContent).toMatch(
      /The refund goes back to the way you paid online, or for cash on delivery by UPI or bank transfer\.$/,
    );
    expect((await answerTo('Can I change or cancel my order?')).textContent).toMatch(
      /as long as it has not been dispatched; an online payment is refunded in full\./,
    );
  });
});
