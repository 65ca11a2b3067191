/** A tel: link for a phone number as people write it ('+91 80 4000 1234'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
