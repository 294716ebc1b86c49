import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { languageChoiceAtom } from '../../../lib/language';
import { notificationPermission, pushSupport, PushSetupError } from '../../../lib/push';
import { REMINDER_LEAD_DAYS } from '../../../lib/shared/reminders';
import { useCountry } from '../../../lib/use-country';
import { useOnline } from '../../../lib/use-online';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { reminderQueries, useSetDevicePush } from '../api';

/**
 * "Recibir recordatorios de recompra en este dispositivo": on asks for permission, subscribes this browser with the
 * server's key and registers it for the account in this country, in the interface's language (`PushLanguageSync`
 * keeps it so after a switch); off forgets it on both sides. It says plainly when this browser cannot receive push,
 * when notifications are blocked, when the device is offline and when the browser's push service fails; the list
 * below serves in every case.
 */
export function PushOptIn() {
  const { t } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const online = useOnline();
  const language = useAtomValue(languageChoiceAtom);
  const devicePush = useSetDevicePush(country, viewer);
  const support = pushSupport();
  const [permission, setPermission] = useState(notificationPermission);
  // Asking: the browser's permission prompt is up, for as long as the person takes; working: the push service and
  // the server, which answer or fail within their time-outs.
  const [asking, setAsking] = useState(false);
  const busy = devicePush.isPending;
  const phase = !busy ? 'idle' : asking ? 'asking' : 'working';
  const supported = support === 'supported';
  const browser = useQuery({ ...reminderQueries.browserEndpoint(country), enabled: supported });
  const devices = useQuery({ ...reminderQueries.devices(country, viewer), enabled: supported });

  if (support === 'ios-needs-install') {
    return (
      <p className="notice" role="note">
        <Trans>
          En iPhone y iPad las notificaciones solo llegan a la app instalada: en Safari toca Compartir, elige «Agregar a
          inicio» y abre el Dispensario desde ese ícono. Mientras tanto, tus recordatorios aparecen en la lista de
          abajo.
        </Trans>
      </p>
    );
  }
  if (!supported) {
    return (
      <p className="notice" role="note">
        <Trans>
          Este navegador no puede recibir notificaciones. Tus recordatorios aparecen en la lista de abajo; para recibir
          avisos, abre el Dispensario en un navegador como Chrome, Edge o Firefox.
        </Trans>
      </p>
    );
  }

  const endpoint = browser.data ?? null;
  const enabled = endpoint !== null && (devices.data?.data ?? []).some((device) => device.endpoint === endpoint);
  const blocked = permission === 'denied' && !enabled;
  const loading = browser.isPending || devices.isPending;

  function describe(error: unknown): string {
    if (!(error instanceof PushSetupError)) return errorMessage(error);
    switch (error.problem) {
      case 'denied':
        return t`Bloqueaste las notificaciones de este sitio. Para recibir recordatorios, permítelas en la configuración del navegador (el candado junto a la dirección) y vuelve a activar esta opción.`;
      case 'dismissed':
        return t`No diste permiso para mostrar notificaciones. Vuelve a activar esta opción y elige «Permitir».`;
      case 'unsupported':
        return t`Este navegador no puede recibir notificaciones. Tus recordatorios aparecen en la lista de abajo.`;
      case 'failed':
        return t`No pudimos activar los recordatorios en este dispositivo: el servicio de notificaciones del navegador no respondió. Intenta de nuevo más tarde; mientras tanto, tus recordatorios aparecen en la lista de abajo.`;
    }
  }

  const problem = devicePush.error ? describe(devicePush.error) : null;

  async function toggle() {
    setAsking(!enabled);
    const change = enabled
      ? ({ enable: false } as const)
      : ({ enable: true, language, onPermitted: () => setAsking(false) } as const);
    // A failure is shown from `devicePush.error`.
    await devicePush.mutateAsync(change).catch(() => undefined);
    setPermission(notificationPermission());
  }

  const [soon, last] = REMINDER_LEAD_DAYS;
  const state =
    phase === 'asking'
      ? t`Responde al aviso del navegador para permitir las notificaciones.`
      : phase === 'working'
        ? t`Un momento…`
        : loading
          ? t`Consultando este dispositivo…`
          : enabled
            ? t`Activado: te avisaremos en este dispositivo ${soon} y ${last} días antes de que se termine cada compra.`
            : t`Desactivado en este dispositivo.`;

  return (
    <div className="stack">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={!online || busy || loading || blocked}
          aria-describedby="push-opt-in-state"
          onChange={() => void toggle()}
        />
        <span>
          <Trans>Recibir recordatorios de recompra en este dispositivo</Trans>
        </span>
      </label>
      <p id="push-opt-in-state" className="muted" role="status">
        {state}
      </p>
      {!online && (
        <p className="notice" role="note">
          <Trans>Sin conexión: podrás cambiar esta opción cuando vuelvas a estar en línea.</Trans>
        </p>
      )}
      {blocked && !problem && (
        <p className="notice" role="note">
          <Trans>
            Las notificaciones de este sitio están bloqueadas en este navegador. Para recibir recordatorios, permítelas
            en la configuración del navegador (el candado junto a la dirección) y recarga la página.
          </Trans>
        </p>
      )}
      {problem && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
      {online && devices.isError && !problem && (
        <p className="notice" role="alert">
          {errorMessage(devices.error)}
        </p>
      )}
    </div>
  );
}
