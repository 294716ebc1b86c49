import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../lib/shared/orders';
import { isPendingPrescription, type CheckoutForm, type PrescriptionUploadResult } from '../checkout-form';
import { PAYMENT_METHOD_LABELS } from '../../../lib/shared/payment-labels';
import { PrescriptionUpload } from './prescription-upload';

interface PaymentStepProps {
  form: CheckoutForm;
  onChange: (update: (form: CheckoutForm) => CheckoutForm) => void;
  /** The bag holds hormones: a signed prescription must be uploaded before paying (product §1, §5). */
  needsPrescription: boolean;
  uploadPrescription: (file: File, onProgress: (fraction: number) => void) => Promise<PrescriptionUploadResult>;
  onBack: () => void;
  onNext: () => void;
}

/** Step 3: the payment method (product §9) and, for hormones, the signed prescription. */
export function PaymentStep({
  form,
  onChange,
  needsPrescription,
  uploadPrescription,
  onBack,
  onNext,
}: PaymentStepProps) {
  const { t, i18n } = useLingui();
  const [submitted, setSubmitted] = useState(false);
  const methodMissing = submitted && form.paymentMethod === null;
  const prescriptionMissing = submitted && needsPrescription && form.prescription === null;

  function choose(method: PaymentMethod) {
    onChange((previous) => ({ ...previous, paymentMethod: method }));
  }

  function next() {
    setSubmitted(true);
    if (form.paymentMethod === null || (needsPrescription && form.prescription === null)) return;
    onNext();
  }

  return (
    <div className="stack">
      <fieldset className="card stack" aria-describedby={methodMissing ? 'payment-method-error' : undefined}>
        <legend>
          <Trans>Medio de pago</Trans>
        </legend>
        <div className="payment-methods" role="radiogroup" aria-label={t`Medio de pago`}>
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="payment-method">
              <input
                type="radio"
                name="payment-method"
                value={method}
                checked={form.paymentMethod === method}
                onChange={() => choose(method)}
              />
              <span>{i18n._(PAYMENT_METHOD_LABELS[method])}</span>
            </label>
          ))}
        </div>
        {methodMissing && (
          <p id="payment-method-error" className="field__error" role="alert">
            <Trans>Elige un medio de pago</Trans>
          </p>
        )}
        <p className="muted">
          <Trans>
            Pagarás en la página segura de la pasarela de pagos: los datos de tu tarjeta nunca pasan por esta tienda.
          </Trans>
        </p>
      </fieldset>

      {needsPrescription && (
        <PrescriptionUpload
          uploaded={form.prescription}
          pending={form.pendingPrescription}
          missing={prescriptionMissing}
          upload={uploadPrescription}
          onUploaded={(result) =>
            onChange((previous) =>
              isPendingPrescription(result)
                ? { ...previous, prescription: null, pendingPrescription: result }
                : { ...previous, prescription: result, pendingPrescription: null },
            )
          }
          onRemove={() => onChange((previous) => ({ ...previous, prescription: null, pendingPrescription: null }))}
        />
      )}

      <div className="checkout__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          <Trans>Volver</Trans>
        </button>
        <button type="button" className="button button--primary" onClick={next}>
          <Trans>Revisar pedido</Trans>
        </button>
      </div>
    </div>
  );
}
