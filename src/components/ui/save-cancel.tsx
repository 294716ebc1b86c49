import { Trans, useLingui } from '@lingui/react/macro';

interface SaveCancelProps {
  failure: string | null;
  pending: boolean;
  onCancel: () => void;
}

/** The end of an edit form: the failure in Spanish, then cancel and save (product §2: edit, cancel and save). */
export function SaveCancel({ failure, pending, onCancel }: SaveCancelProps) {
  const { t } = useLingui();
  return (
    <>
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending}>
          <Trans>Cancelar</Trans>
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t`Guardando…` : t`Guardar`}
        </button>
      </div>
    </>
  );
}
