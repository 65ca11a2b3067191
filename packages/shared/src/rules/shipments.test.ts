import { describe, expect, it } from 'vitest';
import { allParcelsDelivered, nextShipmentStatus, trackingUrl } from './shipments';

describe('shipments', () => {
  it.each([
    ['https://track.example/{awb}', 'AB12', 'https://track.example/AB12'],
    ['https://t.example/?n={awb}&again={awb}', 'X-1', 'https://t.example/?n=X-1&again=X-1'],
    ['https://t.example/{awb}', 'a/b?c', 'https://t.example/a%2Fb%3Fc'],
  ])('%s with %s is %s', (template, awb, url) => {
    expect(trackingUrl(template, awb)).toBe(url);
  });

  it.each([
    ['dispatched', 'in_transit', true, 'in_transit'],
    ['in_transit', 'picked_up', false, 'in_transit'],
    ['out_for_delivery', 'delivered', false, 'delivered'],
    ['delivered', 'in_transit', true, 'delivered'],
    ['returned_to_origin', 'delivered', true, 'returned_to_origin'],
    ['failed_attempt', 'out_for_delivery', true, 'out_for_delivery'],
  ] as const)('%s then %s (newest: %s) is %s', (current, event, newest, next) => {
    expect(nextShipmentStatus(current, event, newest)).toBe(next);
  });

  it('an order is delivered when every parcel is', () => {
    expect(allParcelsDelivered([])).toBe(false);
    expect(allParcelsDelivered(['delivered'])).toBe(true);
    expect(allParcelsDelivered(['delivered', 'in_transit'])).toBe(false);
    expect(allParcelsDelivered(['delivered', 'delivered'])).toBe(true);
  });
});
