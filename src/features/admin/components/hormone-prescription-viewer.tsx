import { Trans, useLingui } from '@lingui/react/macro';
import { prescriptionUrl } from '../api';

/**
 * The signed prescription shown inline: images as an image, PDFs in an iframe; the kind comes from the file's type on
 * the order. The browser loads the file itself (cookie-authenticated), lazily, once the order scrolls into view.
 */
export function HormonePrescriptionViewer({
  orderId,
  orderNumber,
  mime,
}: {
  orderId: number;
  orderNumber: string;
  /** `OrderPrescriptionDto.mime`: detected by the server from the file's first bytes. */
  mime: string;
}) {
  const { t } = useLingui();
  const url = prescriptionUrl(orderId);
  const title = t`Fórmula médica del pedido ${orderNumber}`;
  return (
    <div className="hormone-viewer">
      {mime.startsWith('image/') ? (
        <img src={url} alt={title} loading="lazy" className="hormone-viewer__frame" />
      ) : (
        <iframe src={url} title={title} loading="lazy" className="hormone-viewer__frame hormone-viewer__frame--pdf" />
      )}
      <a href={url} target="_blank" rel="noopener noreferrer" className="hormone-viewer__open">
        <Trans>Abrir en una pestaña nueva</Trans>
      </a>
    </div>
  );
}
