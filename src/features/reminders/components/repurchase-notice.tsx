import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RetryAlert } from '../../../components/ui/retry-alert';

/** What `/{c}/bolsa?recompra={id}` did with the prescription's products. */
export type RepurchaseOutcome =
  | { state: 'loading' }
  | { state: 'not-patient' }
  | { state: 'failed'; message: string; retry: () => void; retrying: boolean }
  | {
      state: 'done';
      /** A recommendation (a health professional's) is named as such. */
      recommendation: boolean;
      added: string[];
      unchanged: string[];
      skipped: { name: string; reason: string }[];
    };

/** Tells the buyer which products of the reminder's prescription are now in the bag, and which could not be. */
export function RepurchaseNotice({ outcome }: { outcome: RepurchaseOutcome }) {
  const { t } = useLingui();
  switch (outcome.state) {
    case 'loading':
      return (
        <p className="notice" role="status">
          <Trans>Preparando tu bolsa con los productos de tu tratamiento…</Trans>
        </p>
      );
    case 'not-patient':
      return (
        <p className="notice" role="status">
          <Trans>
            Este recordatorio es para la cuenta del paciente: inicia sesión con ella para ver los productos de su
            tratamiento.
          </Trans>
        </p>
      );
    case 'failed':
      return <RetryAlert message={outcome.message} onRetry={outcome.retry} retrying={outcome.retrying} />;
    case 'done': {
      const { added, unchanged, skipped, recommendation } = outcome;
      return (
        <div className="notice notice--success stack" role="status" data-testid="repurchase-notice">
          {added.length > 0 && (
            <p>
              {recommendation
                ? plural(added.length, {
                    one: 'Agregamos a tu bolsa # producto de tu recomendación:',
                    other: 'Agregamos a tu bolsa # productos de tu recomendación:',
                  })
                : plural(added.length, {
                    one: 'Agregamos a tu bolsa # producto de tu prescripción:',
                    other: 'Agregamos a tu bolsa # productos de tu prescripción:',
                  })}{' '}
              {added.join(', ')}.
            </p>
          )}
          {unchanged.length > 0 && <p>{t`Ya estaban en tu bolsa: ${unchanged.join(', ')}.`}</p>}
          {skipped.length > 0 && (
            <p>{t`No se agregaron: ${skipped.map((line) => `${line.name} (${line.reason})`).join(', ')}.`}</p>
          )}
          {added.length === 0 && unchanged.length === 0 && skipped.length === 0 && (
            <p>
              <Trans>Este tratamiento no tiene productos para comprar.</Trans>
            </p>
          )}
        </div>
      );
    }
  }
}
