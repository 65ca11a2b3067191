import type { MailMessage } from '../../lib/mail';

/**
 * The back-in-stock mail (issue 17) with its one-click unsubscribe (issue 32): a link to the
 * unsubscribe page in the body, and the API's one-click address in List-Unsubscribe with
 * List-Unsubscribe-Post (RFC 8058), so a mail client's own button POSTs without opening anything.
 * The page does nothing until its button is pressed: scanners prefetch links.
 */
export function backInStockMail(
  to: { email: string; name: string },
  product: { id: number; name: string },
  links: { publicUrl: string; shopName: string; unsubscribeToken: string },
): MailMessage {
  const { publicUrl } = links;
  const token = encodeURIComponent(links.unsubscribeToken);
  return {
    to: to.email,
    subject: `${product.name} is back in stock`,
    text: [
      `Hello ${to.name},`,
      '',
      `You asked us to tell you when ${product.name} is available again. It is back in stock now:`,
      `${publicUrl}/product/${product.id}`,
      '',
      'We e-mail you once for each request. To hear about it again, ask again on the product page.',
      '',
      'To stop all back-in-stock e-mails, open this link:',
      `${publicUrl}/unsubscribe?token=${token}`,
      '',
      links.shopName,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/unsubscribe/one-click?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
