import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { ReminderDto } from '../../../lib/shared/reminders';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { reminderQueries } from '../api';
import { formatDay, leadText, notificationState, runsOutText } from '../reminder-text';
import { TitledSection } from '../../../components/ui/titled-section';

/** The in-app list: every reminder is here, whether or not this browser can show notifications. */
export function ReminderList() {
  const country = useCountry();
  const viewer = useViewerKey();
  const query = useQuery(reminderQueries.list(country, viewer));

  return (
    <TitledSection id="reminder-list-title" title={<Trans>Tus próximas recompras</Trans>} className="stack">
      {query.isPending ? (
        <p className="muted" role="status">
          <Trans>Cargando recordatorios…</Trans>
        </p>
      ) : query.isError && !query.data ? (
        <RetryAlert
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.data.length === 0 ? (
        <p className="muted">
          <Trans>
            Aún no tienes recordatorios. Aparecerán aquí cuando compres los productos de una prescripción o
            recomendación.
          </Trans>
        </p>
      ) : (
        <ul className="plain-list stack reminders">
          {query.data.data.map((reminder) => (
            <li key={reminder.id}>
              <ReminderCard reminder={reminder} country={country} />
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function ReminderCard({ reminder, country }: { reminder: ReminderDto; country: CountryCode }) {
  const { t } = useLingui();
  const author = reminder.authorName;
  const order = reminder.orderNumber;
  const origin =
    reminder.prescriptionType === 'prescription'
      ? t`Prescripción de ${author} · pedido ${order}`
      : t`Recomendación de ${author} · pedido ${order}`;
  const titleId = `reminder-${reminder.id}`;
  return (
    <article className="card stack reminder" aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className="reminder__title">
          {runsOutText(reminder.runsOutOn, country)}
        </h3>
        <p className="muted">{origin}</p>
      </div>
      <ul className="plain-list reminder__products" aria-label={t`Productos`}>
        {reminder.products.map((product) => {
          const until = formatDay(product.runsOutOn, country);
          const units = plural(product.quantity, { one: '# unidad', other: '# unidades' });
          const days = plural(product.daysOfSupply, { one: '# día', other: '# días' });
          return (
            <li key={product.productId}>
              <strong>{product.name}</strong>{' '}
              <span className="muted">{t`${units} · alcanza para ${days}, hasta el ${until}`}</span>
            </li>
          );
        })}
      </ul>
      {reminder.notifications.length > 0 && (
        <ul className="plain-list reminder__notifications" aria-label={t`Avisos`}>
          {reminder.notifications.map((notification) => (
            <li key={notification.leadDays} className="muted">
              {leadText(notification.leadDays)}: {notificationState(notification, country)}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Link to={reminder.url} className="button button--primary">
          <Trans>Volver a comprar</Trans>
        </Link>
      </div>
    </article>
  );
}
