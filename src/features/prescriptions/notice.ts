import { t } from '@lingui/core/macro';

/** Product §2: the notice that a prescription or recommendation is personal and not to be shared (screen and PDF). */
export function personalNoticeText(): string {
  return t`Documento personal e intransferible: es solo para el paciente indicado. No lo compartas.`;
}
