import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { QueryStatus } from '../../../components/ui/query-status';
import { TextField } from '../../../components/ui/text-field';
import { formatCountryDate } from '../../../lib/dates';
import { useCountry } from '../../../lib/use-country';
import { sentEmailQueries } from '../api';
import { FilterDisclosure } from '../../../components/ui/filter-disclosure';
import { AdminPage } from './admin-page';

/**
 * What the store e-mailed, newest first, or what went to one address: support answers "did my invitation go out?".
 * Without SMTP (development) the e-mails go nowhere and their text is read here, never in the server's log.
 */
export function SentEmailsPage() {
  const { t } = useLingui();
  const country = useCountry();
  const [draft, setDraft] = useState('');
  const [address, setAddress] = useState('');
  const list = useQuery(sentEmailQueries.list(country, address));
  const emails = list.data;

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAddress(draft.trim());
  };

  return (
    <AdminPage
      title={<Trans>Correos enviados</Trans>}
      intro={
        <Trans>
          Los últimos correos de la tienda, o los enviados a una dirección. Sin servidor de correo configurado (en
          desarrollo) los correos no salen: su texto solo se lee aquí.
        </Trans>
      }
    >
      <FilterDisclosure activeCount={address ? 1 : 0}>
        <form
          className="filters sent-emails__search"
          role="search"
          aria-label={t`Buscar correos por destinatario`}
          onSubmit={search}
        >
          <TextField
            label={<Trans>Correo del destinatario</Trans>}
            type="email"
            value={draft}
            onValueChange={setDraft}
            autoComplete="off"
          />
          <button type="submit" className="button button--secondary">
            <Trans>Buscar</Trans>
          </button>
        </form>
      </FilterDisclosure>
      <QueryStatus query={list} />
      {emails && emails.length === 0 && (
        <p className="empty-state">
          {address ? (
            <Trans>No hay correos enviados a {address}.</Trans>
          ) : (
            <Trans>La tienda no ha enviado correos.</Trans>
          )}
        </p>
      )}
      {emails && emails.length > 0 && (
        <ul className="stack sent-emails" aria-label={t`Correos`}>
          {emails.map((email) => (
            <li key={email.id} className="card stack sent-emails__item">
              <p className="sent-emails__subject">
                <strong>{email.subject}</strong>
              </p>
              <p className="muted sent-emails__meta">
                <Trans>
                  Para {email.to} · {formatCountryDate(email.createdAt, country, true)}
                </Trans>
                {' · '}
                {email.error ? (
                  <Trans>No se pudo enviar: {email.error}</Trans>
                ) : email.sentAt ? (
                  <Trans>Enviado</Trans>
                ) : (
                  <Trans>Sin enviar (no hay servidor de correo)</Trans>
                )}
              </p>
              {email.text !== null ? (
                <details>
                  <summary>
                    <Trans>Ver el texto</Trans>
                  </summary>
                  <pre className="sent-emails__text">{email.text}</pre>
                </details>
              ) : (
                <p className="muted">
                  <Trans>El texto no se muestra: el correo ya salió por el servidor de correo.</Trans>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
