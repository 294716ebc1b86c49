import { timingSafeEqual } from 'node:crypto';
import { WebhookRejectedError } from './provider';

/** Older webhooks are refused: a captured request cannot be replayed later. */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
const MS_PER_SECOND = 1000;

const MISSING_SIGNATURE_MESSAGE = 'Falta la firma del webhook.';
export const BAD_SIGNATURE_MESSAGE = 'La firma del webhook no es válida.';
const STALE_WEBHOOK_MESSAGE = 'El webhook está fuera del plazo de 5 minutos.';
export const BAD_WEBHOOK_BODY_MESSAGE = 'El contenido del webhook no es válido.';

/** The `key=value` parts of a webhook's signature header (`t=…,v1=…`); a webhook without the header is refused. */
export function signatureHeaderParts(header: string | null): Map<string, string> {
  if (!header) throw new WebhookRejectedError(MISSING_SIGNATURE_MESSAGE);
  return new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.trim().split('=');
      return [key.trim(), value.join('=').trim()] as const;
    }),
  );
}

/**
 * Refuses a webhook whose signature is not the HMAC we compute (compared in constant time) or whose time, in unix
 * seconds, is more than five minutes away from now.
 */
export function assertAuthenticWebhook(signature: Buffer, expected: Buffer, seconds: number, now: Date): void {
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    throw new WebhookRejectedError(BAD_SIGNATURE_MESSAGE);
  }
  if (Math.abs(now.getTime() / MS_PER_SECOND - seconds) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookRejectedError(STALE_WEBHOOK_MESSAGE);
  }
}
