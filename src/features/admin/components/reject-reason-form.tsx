import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { adminSchemaMessage } from '../schema-messages';
import { RequiredMark } from './form-controls';

/** The server's schema of the rejection's body, so the form refuses what the server would. */
interface ReasonSchema {
  safeParse: (body: { reason: string }) => { error?: { issues: readonly { message: string }[] } };
}

interface RejectReasonFormProps {
  schema: ReasonSchema;
  /** While a decision on the same record runs: both buttons are inert. */
  busy: boolean;
  onCancel: () => void;
  /** The trimmed, non-empty reason; the parent closes the form once the rejection went through. */
  onConfirm: (reason: string) => void;
}

/**
 * The reason a rejection needs before it is sent (an affiliate's credentials, a hormone order's prescription). Shown
 * only while rejecting: each opening starts empty.
 */
export function RejectReasonForm({ schema, busy, onCancel, onConfirm }: RejectReasonFormProps) {
  const { t } = useLingui();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonErrorId = useId();

  function confirm() {
    const trimmed = reason.trim();
    if (!trimmed) {
      setReasonError(t`Indica el motivo del rechazo`);
      return;
    }
    const problem = schema.safeParse({ reason: trimmed }).error?.issues[0];
    if (problem) {
      setReasonError(t(adminSchemaMessage(problem.message)));
      return;
    }
    setReasonError(null);
    onConfirm(trimmed);
  }

  return (
    <div className="affiliate__reject">
      <label className="field">
        <span className="field__label">
          {t`Motivo del rechazo`}
          <RequiredMark />
        </span>
        <textarea
          className="textarea"
          value={reason}
          required
          aria-invalid={reasonError !== null}
          aria-describedby={reasonError ? reasonErrorId : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {reasonError && (
          <span id={reasonErrorId} className="field__error" role="alert">
            {reasonError}
          </span>
        )}
      </label>
      <div className="form-actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={confirm}>
          <Trans>Confirmar rechazo</Trans>
        </button>
      </div>
    </div>
  );
}
