import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionDto } from '../../../lib/shared/prescriptions';

interface DownloadPdfButtonProps {
  prescription: PrescriptionDto;
  country: CountryCode;
  onDownloaded?: (fileName: string) => void;
}

/** Makes the PDF on the device; its code (pdf-lib) is fetched only on the first click. */
export function DownloadPdfButton({ prescription, country, onDownloaded }: DownloadPdfButtonProps) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setPending(true);
    setFailure(null);
    try {
      const { downloadPrescriptionPdf } = await import('../pdf');
      // Made first: an optional call would skip evaluating its argument when there is no listener.
      const fileName = await downloadPrescriptionPdf(prescription, country);
      onDownloaded?.(fileName);
    } catch {
      setFailure(t`No pudimos generar el PDF. Si estás sin conexión, inténtalo cuando vuelvas a estar en línea.`);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary" disabled={pending} onClick={() => void download()}>
        {pending ? t`Generando PDF…` : <Trans>Descargar PDF</Trans>}
      </button>
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
