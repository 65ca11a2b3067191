import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { PromiseBar } from './promise-bar';
import { WhyChooseUs } from './why-choose-us';

/** Issue 28: the header and 'Why Choose Us' promise only the methods the shop really takes. */
describe('payment promises', () => {
  it('say cards or cash on delivery for a card provider', async () => {
    mockApi({ 'GET /api/settings': { body: settingsResponse } });
    renderWithProviders(
      <>
        <PromiseBar />
        <WhyChooseUs />
      </>,
    );
    expect(await screen.findByText('Pay by cards or cash on delivery')).toBeTruthy();
    expect(screen.getByText('Pay by cards or cash on delivery.')).toBeTruthy();
  });

  it("name Razorpay's methods once the settings say the shop runs it", async () => {
    mockApi({
      'GET /api/settings': {
        body: { ...settingsResponse, payments: { online: 'razorpay', codMaxOrderValue: null } },
      },
    });
    renderWithProviders(
      <>
        <PromiseBar />
        <WhyChooseUs />
      </>,
    );
    expect(
      await screen.findByText('Pay by UPI, cards, netbanking, wallets or cash on delivery'),
    ).toBeTruthy();
    expect(
      screen.getByText('Pay by UPI, cards, netbanking, wallets or cash on delivery.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Pay by cards or cash on delivery/)).toBeNull();
  });
});
