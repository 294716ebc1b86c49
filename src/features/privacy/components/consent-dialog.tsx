import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { HealthConsentDto } from '../../../lib/shared/privacy';
import { useLogout } from '../../auth/use-logout';
import { useAcceptConsent } from '../mutations';

/** Who is asked, in which country, about which text of the authorisation. */
export interface ConsentProps {
  country: CountryCode;
  viewer: string;
  consent: HealthConsentDto;
}

/** The blocking question of `ConsentGate`: accept the text in force, or log out. */
export function ConsentDialog({ country, viewer, consent }: ConsentProps) {
  const { t } = useLingui();
  const acceptance = useAcceptConsent(country, viewer);
  const logout = useLogout(country);
  const [checked, setChecked] = useState(false);
  const pending = acceptance.isPending;
  const failure = acceptance.error ? errorMessage(acceptance.error) : null;

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
              onClick={() => acceptance.mutate(consent.version)}
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
