import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface RetryAlertProps {
  /** What failed, in Spanish (the catalogue's message for the error). */
  message: ReactNode;
  onRetry: () => void;
  /** While the retry runs the button is inert, so an impatient tap does not send it twice. */
  retrying?: boolean;
}

/** A failed load announced to screen readers, with a way to try again. */
export function RetryAlert({ message, onRetry, retrying = false }: RetryAlertProps) {
  return (
    <div className="alert" role="alert">
      {typeof message === 'string' ? <p>{message}</p> : message}
      <button type="button" className="button button--secondary" disabled={retrying} onClick={onRetry}>
        <Trans>Reintentar</Trans>
      </button>
    </div>
  );
}
