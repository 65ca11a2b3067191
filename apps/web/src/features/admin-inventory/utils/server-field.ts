/**
 * The server names the field of a validation error ('units: Batch A1 holds 3 units; …'). Returns
 * the field and the sentence when the field is one of the form's, so it can show under it.
 */
export function fieldOfServerMessage<F extends string>(
  message: string,
  fields: readonly F[],
): { field: F; message: string } | null {
  const match = /^(\w+): (.+)$/s.exec(message);
  if (!match) return null;
  const [, field = '', text = ''] = match;
  const known = fields.find((name) => name === field);
  return known ? { field: known, message: text } : null;
}

/** The server's sentence without a leading 'field: ', for a toast or a dialog. */
export function withoutFieldName(message: string): string {
  return message.replace(/^\w+: /, '');
}
