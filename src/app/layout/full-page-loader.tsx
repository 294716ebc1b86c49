import { useLingui } from '@lingui/react/macro';

/** Product §2: a message (default 'Cargando') with animated dots and a 100 px logo. */
export function FullPageLoader({ message }: { message?: string }) {
  const { t } = useLingui();
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <img src="/icons/logo.svg" alt="" width={100} height={100} />
      <p>
        {message ?? t`Cargando`}
        <span className="loading-dots" aria-hidden="true">
          <span>.</span>
          <span>.</span>
          <span>.</span>
        </span>
      </p>
    </div>
  );
}
