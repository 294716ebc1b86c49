import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { discardOutboxItem, outboxAvailable, replayOutbox, retryOutboxItem, useOutboxItems } from '../../../lib/outbox';
import { outboxCanRetry, outboxKindLabel, outboxReasonText, outboxStateLabel } from '../../../lib/outbox-text';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import type { OutboxItem } from '../../../lib/shared/outbox';
import { useCountry } from '../../../lib/use-country';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../../lib/session/use-session';
import { isRecord } from '../../../lib/shared/records';
import { TitledSection } from '../../../components/ui/titled-section';

/** Where the result of a delivered write can be seen, from the server's answer the outbox kept. */
function resultPath(item: OutboxItem): string | null {
  const base = `/${item.country}/mi-cuenta`;
  const answer = item.response;
  switch (item.kind) {
    case 'patient': {
      const id = isRecord(answer) && isRecord(answer.patient) ? answer.patient.id : undefined;
      return typeof id === 'number' ? `${base}/mis-pacientes/${id}` : null;
    }
    case 'prescription':
    case 'recommendation': {
      const patient = isRecord(answer) && isRecord(answer.patient) ? answer.patient.id : undefined;
      const id = isRecord(answer) ? answer.id : undefined;
      return typeof id === 'number' && typeof patient === 'number'
        ? `${base}/mis-pacientes/${patient}/estrategias/${id}`
        : null;
    }
    case 'credential':
      return `${base}/datos-personales`;
    case 'signed-prescription':
      return `/${item.country}/bolsa`;
    case 'template':
      return null;
  }
}

function DiscardButton({ item }: { item: OutboxItem }) {
  const { t } = useLingui();
  const label = item.label;
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className="button button--ghost">
        <Trans>Descartar</Trans>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{t`¿Descartar «${label}»?`}</AlertDialog.Title>
          <AlertDialog.Description>
            <Trans>
              No se enviará y se borrará de este dispositivo. Si lo necesitas, tendrás que crearlo o subirlo de nuevo.
            </Trans>
          </AlertDialog.Description>
          <div className="form-actions">
            <AlertDialog.Cancel className="button button--ghost">
              <Trans>Conservar</Trans>
            </AlertDialog.Cancel>
            <AlertDialog.Action className="button button--primary" onClick={() => void discardOutboxItem(item.id)}>
              <Trans>Descartar envío</Trans>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function PendingUpload({ item, online }: { item: OutboxItem; online: boolean }) {
  const { t, i18n } = useLingui();
  const [retrying, setRetrying] = useState(false);
  const reason = outboxReasonText(item);
  const result = item.state === 'delivered' ? resultPath(item) : null;
  const attempts = item.attempts;
  return (
    <li className={`card stack pending-upload pending-upload--${item.state}`} data-testid="pending-upload">
      <div className="pending-upload__header">
        <span className="badge badge--muted">{outboxKindLabel(item.kind)}</span>
        <strong className="pending-upload__label">{item.label}</strong>
      </div>
      {item.detail && <p className="muted">{item.detail}</p>}
      <p className="muted">
        {COUNTRIES[item.country].name} ·{' '}
        {t`guardado el ${i18n.date(new Date(item.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}`}
        {attempts > 0 && <> · {plural(attempts, { one: '# intento', other: '# intentos' })}</>}
      </p>
      <p className="pending-upload__state" data-state={item.state}>
        {outboxStateLabel(item)}
        {item.state === 'delivered' && item.deliveredAt !== null && (
          <> · {i18n.date(new Date(item.deliveredAt), { dateStyle: 'medium', timeStyle: 'short' })}</>
        )}
      </p>
      {reason && item.state !== 'delivered' && (
        <p
          className={item.state === 'rejected' ? 'alert' : 'muted'}
          role={item.state === 'rejected' ? 'alert' : undefined}
        >
          {reason}
        </p>
      )}
      <div className="form-actions">
        {result && (
          <Link to={result}>
            <Trans>Ver resultado</Trans>
          </Link>
        )}
        {outboxCanRetry(item) && (
          <button
            type="button"
            className="button button--secondary"
            disabled={retrying || !online}
            onClick={() => {
              setRetrying(true);
              void retryOutboxItem(item.id).finally(() => setRetrying(false));
            }}
          >
            {retrying ? t`Reintentando…` : t`Reintentar ahora`}
          </button>
        )}
        {item.state !== 'delivered' && item.state !== 'sending' && <DiscardButton item={item} />}
      </div>
    </li>
  );
}

function Group({ title, items }: { title: string; items: OutboxItem[] }) {
  const online = useOnline();
  if (items.length === 0) return null;
  return (
    <section className="stack" aria-label={title}>
      <h2>{title}</h2>
      <ul className="plain-list stack">
        {items.map((item) => (
          <PendingUpload key={item.id} item={item} online={online} />
        ))}
      </ul>
    </section>
  );
}

/**
 * `mi-cuenta/envios-pendientes`: what this user created or uploaded without connection (patients, prescriptions,
 * recommendations, credentials, signed prescriptions), kept on this device by the service worker: its state, why
 * it has not gone, and "Reintentar ahora" / "Descartar". Another account's items on the same device are counted,
 * never shown.
 */
export function PendingUploadsPage() {
  const { t } = useLingui();
  const country: CountryCode = useCountry();
  const online = useOnline();
  const uid = useSession()?.user.uid;
  const all = useOutboxItems();
  const [replaying, setReplaying] = useState(false);
  const mine = all.filter((item) => item.author === uid);
  const others = all.filter((item) => item.author !== uid && item.state !== 'delivered').length;
  const waiting = mine.filter((item) => ['pending', 'sending', 'waiting-session'].includes(item.state));
  const refused = mine.filter((item) => item.state === 'rejected');
  const delivered = mine.filter((item) => item.state === 'delivered').reverse();
  return (
    <TitledSection
      id="pending-uploads-title"
      title={<Trans>Envíos pendientes</Trans>}
      heading="h1"
      className="stack pending-uploads"
    >
      <p className="muted">
        <Trans>
          Lo que creas o subes sin conexión (pacientes, prescripciones, recomendaciones, credenciales y fórmulas
          firmadas) queda guardado en este dispositivo y se envía solo al recuperar la conexión. Aquí ves su estado.
        </Trans>
      </p>
      {!outboxAvailable() && (
        <p className="notice" role="status">
          <Trans>
            Este navegador todavía no puede guardar envíos sin conexión. Recarga la página con conexión para activarlo.
          </Trans>
        </p>
      )}
      {waiting.length > 0 && (
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!online || replaying}
            onClick={() => {
              setReplaying(true);
              void replayOutbox().finally(() => setReplaying(false));
            }}
          >
            {replaying ? t`Enviando…` : t`Enviar todo ahora`}
          </button>
          {!online && (
            <span className="muted">
              <Trans>Sin conexión: se enviará solo cuando vuelva.</Trans>
            </span>
          )}
        </div>
      )}
      {mine.length === 0 && (
        <p className="empty-state">
          <Trans>No tienes envíos pendientes en este dispositivo.</Trans>
        </p>
      )}
      <Group title={t`Necesitan tu atención`} items={refused} />
      <Group title={t`Por enviar`} items={waiting} />
      <Group title={t`Enviados recientemente`} items={delivered} />
      {others > 0 && (
        <p className="muted">
          {plural(others, {
            one: 'Hay # envío de otra cuenta en este dispositivo: se enviará cuando esa cuenta inicie sesión.',
            other: 'Hay # envíos de otra cuenta en este dispositivo: se enviarán cuando esa cuenta inicie sesión.',
          })}
        </p>
      )}
      <p>
        <Link to={`/${country}/mi-cuenta`}>
          <Trans>Volver a mi cuenta</Trans>
        </Link>
      </p>
    </TitledSection>
  );
}
