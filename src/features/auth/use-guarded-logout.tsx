import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useUndeliveredCount } from '../../lib/outbox';
import type { CountryCode } from '../../lib/shared/countries';
import { useLogout } from './use-logout';
import { useSession } from '../../lib/session/use-session';

// The question is rare and the header is in every page: the dialog (and Radix with it) stays out of the app shell.
const ConfirmDialog = lazy(() =>
  import('../../components/ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * The logout of the header and the account menu. Writes made offline that the server has not taken yet stay on the
 * device for their author's next login here: the user is told so before logging out, instead of believing they were
 * sent. `logoutDialog` must be rendered where the hook is used.
 */
export function useGuardedLogout(country: CountryCode) {
  const session = useSession(country);
  const logout = useLogout(country);
  const undelivered = useUndeliveredCount(session?.user.uid);
  const [asking, setAsking] = useState(false);

  const requestLogout = () => {
    if (undelivered > 0) setAsking(true);
    else void logout();
  };

  const logoutDialog = asking && (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={<Trans>¿Cerrar sesión con envíos pendientes?</Trans>}
        description={plural(undelivered, {
          one: 'Tienes # envío que aún no llega al servidor. Se queda guardado en este dispositivo y se enviará cuando vuelvas a iniciar sesión aquí con tu cuenta.',
          other:
            'Tienes # envíos que aún no llegan al servidor. Se quedan guardados en este dispositivo y se enviarán cuando vuelvas a iniciar sesión aquí con tu cuenta.',
        })}
        confirmLabel={<Trans>Cerrar sesión de todos modos</Trans>}
        onConfirm={() => {
          setAsking(false);
          void logout();
        }}
      />
    </Suspense>
  );

  return { requestLogout, logoutDialog };
}
