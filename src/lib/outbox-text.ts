import { t } from '@lingui/core/macro';
import { COUNTRIES } from './shared/countries';
import type { OutboxItem, OutboxKind } from './shared/outbox';

// What the screens say about a write kept on the device; the service worker only records codes and the server's
// own messages.

export function outboxKindLabel(kind: OutboxKind): string {
  switch (kind) {
    case 'patient':
      return t`Paciente nuevo`;
    case 'prescription':
      return t`Prescripción`;
    case 'recommendation':
      return t`Recomendación`;
    case 'credential':
      return t`Credenciales profesionales`;
    case 'signed-prescription':
      return t`Fórmula médica firmada`;
    case 'template':
      return t`Plantilla`;
  }
}

export function outboxStateLabel(item: Pick<OutboxItem, 'state'>): string {
  switch (item.state) {
    case 'pending':
      return t`Se enviará al recuperar la conexión`;
    case 'sending':
      return t`Enviando…`;
    case 'waiting-session':
      return t`Espera tu inicio de sesión`;
    case 'rejected':
      return t`No se pudo enviar`;
    case 'delivered':
      return t`Enviado`;
  }
}

/** Why it has not gone yet, or why the server refused it (its own message when it sent one). */
export function outboxReasonText(item: Pick<OutboxItem, 'error' | 'status' | 'country'>): string | null {
  const { error } = item;
  if (!error) return null;
  const status = item.status ?? 0;
  const countryName = COUNTRIES[item.country].name;
  switch (error.reason) {
    case 'offline':
      return t`Sin conexión con el servidor.`;
    case 'timeout':
      return t`El servidor tardó demasiado en responder; lo intentaremos de nuevo.`;
    case 'server':
      return error.message ?? t`El servidor no pudo atenderlo (error ${status}); lo intentaremos de nuevo.`;
    case 'session':
      return t`Inicia sesión en ${countryName} con la cuenta que lo creó para enviarlo.`;
    case 'rejected':
      return error.message ?? t`El servidor lo rechazó (error ${status}).`;
    case 'corrupted':
      return t`Este envío se dañó en el dispositivo y no se puede enviar. Descártalo y vuelve a crearlo.`;
    case 'dependency':
      return t`No se puede enviar porque el paciente que necesita no se pudo crear. Descártalo y vuelve a crearlo con otro paciente.`;
  }
}

/** Whether the user can do anything but wait or discard: send it again now. */
export function outboxCanRetry(item: Pick<OutboxItem, 'state' | 'error'>): boolean {
  if (item.state === 'delivered' || item.state === 'sending') return false;
  return item.error?.reason !== 'corrupted' && item.error?.reason !== 'dependency';
}
