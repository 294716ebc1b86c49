import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CredentialHistoryEntryDto, CredentialStatus } from './shared/accounts';
import { CREDENTIAL_DOCUMENT_LABELS } from './shared/credential-labels';
import { HORMONE_PRESCRIPTION_DOCUMENT_TYPE } from './shared/orders';

const CREDENTIAL_STATUS_LABELS: Record<CredentialStatus, MessageDescriptor> = {
  not_uploaded: msg`Sin cargar`,
  pending: msg`En revisión`,
  approved: msg`Aprobadas`,
  rejected: msg`Rechazadas`,
};

/** A hormone prescription is one document, reviewed with the order it was sent for. */
const PRESCRIPTION_STATUS_LABELS: Record<CredentialStatus, MessageDescriptor> = {
  not_uploaded: msg`Sin cargar`,
  pending: msg`En revisión`,
  approved: msg`Aprobada`,
  rejected: msg`Rechazada`,
};

const PRESCRIPTION_ORDER_STATUS_LABELS: Partial<Record<CredentialStatus, MessageDescriptor>> = {
  approved: msg`Aprobada: pedido liberado para despacho`,
  rejected: msg`Rechazada: pedido cancelado`,
};

export function credentialStatusLabel(i18n: I18n, status: CredentialStatus): string {
  return i18n._(CREDENTIAL_STATUS_LABELS[status]);
}

export function credentialDocumentLabel(i18n: I18n, documentType: string): string {
  const label: MessageDescriptor | undefined = (
    CREDENTIAL_DOCUMENT_LABELS as Partial<Record<string, MessageDescriptor>>
  )[documentType];
  return label ? i18n._(label) : documentType;
}

/** The document of a history entry; a hormone prescription names the order it was sent with. */
export function credentialEntryDocument(i18n: I18n, entry: Pick<CredentialHistoryEntryDto, 'documentType' | 'order'>) {
  const document = credentialDocumentLabel(i18n, entry.documentType);
  if (!entry.order) return document;
  const number = entry.order.number;
  return i18n._(msg`${document} · pedido ${number}`);
}

export function credentialEntryStatus(
  i18n: I18n,
  entry: Pick<CredentialHistoryEntryDto, 'documentType' | 'status' | 'order'>,
) {
  if (entry.documentType !== HORMONE_PRESCRIPTION_DOCUMENT_TYPE) return credentialStatusLabel(i18n, entry.status);
  const withOrder = entry.order ? PRESCRIPTION_ORDER_STATUS_LABELS[entry.status] : undefined;
  return i18n._(withOrder ?? PRESCRIPTION_STATUS_LABELS[entry.status]);
}
