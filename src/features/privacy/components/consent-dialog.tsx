import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { HealthConsentDto } from '../../../lib/shared/privacy';
import { useLogout } from '../../auth/use-logout';
import { acceptConsent, privacyQueries } from '../api';

/** The blocking question of `ConsentGate`: accept the text in force, or log out. */
export function ConsentDialog({
  country,
  viewer,
  consent,
}: {
  country: CountryCode;
  viewer: string;
  consent: HealthConsentDto;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const logout = useLogout(country);
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function accept() {
    setPending(true);
    setFailure(null);
    try {
      const next = await acceptConsent(country, consent.version);
      queryClient.setQueryData(privacyQueries.consent(country, viewer).queryKey, next);
    } catch (error) {
      setFailure(errorMessage(error));
      // A newer text in between: read it again.
      await queryClient.invalidateQueries({ queryKey: privacyQueries.consent(country, viewer).queryKey });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className="dialog consent-dialog"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title>{consent.title}</Dialog.Title>
          <Dialog.Description>
            {consent.state === 'outdated' ? (
              <Trans>
                Actualizamos el texto de la autorización para tratar tus datos de salud. Léelo y autorízalo para seguir
                usando tu cuenta.
              </Trans>
            ) : (
              <Trans>
                Para seguir usando tu cuenta necesitamos tu autorización expresa para tratar tus datos de salud.
              </Trans>
            )}
          </Dialog.Description>
          <div className="consent-text consent-text--scroll" tabIndex={0}>
            {consent.text}
          </div>
          <label className="choice">
            <input type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} />
            <span>{t`He leído el texto y autorizo el tratamiento de mis datos de salud`}</span>
          </label>
          {failure && (
            <p className="alert" role="alert">
              {failure}
            </p>
          )}
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => void logout()} disabled={pending}>
              <Trans>Cerrar sesión</Trans>
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void accept()}
              disabled={!checked || pending}
            >
              {pending ? t`Guardando…` : t`Autorizar`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
