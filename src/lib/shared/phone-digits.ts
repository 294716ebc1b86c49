/**
 * Digits only: people type spaces, dashes, dots and parentheses. Apart from the phone checks (`phone.ts`): what only
 * sends a number need not download the numbering plans.
 */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}
