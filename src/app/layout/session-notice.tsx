import { Trans } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { Link } from 'react-router';
import { expiredSessionNoticeAtom } from '../../lib/session/atoms';
import type { CountryCode } from '../../lib/shared/countries';

/** Product §8: the session expired or the user lacks permission, and must log in again. */
export function SessionNotice({ country }: { country: CountryCode }) {
  const [expired, setExpired] = useAtom(expiredSessionNoticeAtom);
  if (expired !== country) return null;
  return (
    <div className="toast toast--warning" role="alert">
      <p>
        <Trans>Tu sesión expiró o no tienes permisos para esta acción. Inicia sesión nuevamente.</Trans>
      </p>
      <div className="toast__actions">
        <Link to={`/${country}/iniciar-sesion`} className="button button--primary" onClick={() => setExpired(null)}>
          <Trans>Iniciar sesión</Trans>
        </Link>
        <button type="button" className="button button--ghost" onClick={() => setExpired(null)}>
          <Trans>Cerrar</Trans>
        </button>
      </div>
    </div>
  );
}
