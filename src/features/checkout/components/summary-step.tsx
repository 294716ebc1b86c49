import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/http';
import { formatPoints, formatPrice } from '../../../lib/money';
import { DOCUMENT_TYPES } from '../../../lib/shared/accounts';
import type { CountryCode } from '../../../lib/shared/countries';
import type { QuoteDto, QuoteRequestDto } from '../../../lib/shared/orders';
import { checkoutQueries } from '../api';
import type { CheckoutForm } from '../checkout-form';
import { PAYMENT_METHOD_LABELS } from '../../../lib/shared/payment-labels';
import { PointsDiscount } from './points-discount';
import { TitledSection } from '../../../components/ui/titled-section';

interface SummaryStepProps {
  country: CountryCode;
  viewer: string;
  form: CheckoutForm;
  request: QuoteRequestDto;
  onChange: (update: (form: CheckoutForm) => CheckoutForm) => void;
  onQuote: (quote: QuoteDto) => void;
  onEdit: (step: 2 | 3) => void;
  onBack: () => void;
  onPay: (quote: QuoteDto) => void;
  paying: boolean;
  payError: string | null;
  /** The buyer may take points as money off: an approved professional (product §6); null for everyone else. */
  pointsOwner: number | null;
  onDiscountPoints: (points: number) => void;
}

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="summary__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Step 4: the server's prices for the order (product §3 order summary), the promo code and the payment button. */
export function SummaryStep(props: SummaryStepProps) {
  const { country, viewer, form, request, onChange, onQuote, onEdit, onBack, onPay, paying, payError } = props;
  const { pointsOwner, onDiscountPoints } = props;
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const quote = useQuery(checkoutQueries.quote(country, viewer, request));
  const [code, setCode] = useState(form.promoCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const money = (amount: number) => formatPrice(amount, country);

  // The checkout state keeps the discounts of the last prices the server gave (product §3).
  useEffect(() => {
    if (quote.data) onQuote(quote.data);
  }, [quote.data, onQuote]);

  async function applyCode(event: FormEvent) {
    event.preventDefault();
    const promoCode = code.trim().toUpperCase();
    setCodeError(null);
    if (!promoCode) return;
    setApplying(true);
    try {
      await queryClient.fetchQuery(checkoutQueries.quote(country, viewer, { ...request, promoCode }));
      onChange((previous) => ({ ...previous, promoCode }));
    } catch (error) {
      setCodeError(errorMessage(error));
    } finally {
      setApplying(false);
    }
  }

  function removeCode() {
    setCode('');
    setCodeError(null);
    onChange((previous) => ({ ...previous, promoCode: '' }));
  }

  const data = quote.data;
  const { customer, address } = form;
  const documentName = DOCUMENT_TYPES.find((type) => type.id === customer.typeID)?.code ?? '';
  return (
    <div className="checkout__summary-layout">
      <TitledSection id="summary-data-title" title={<Trans>Tus datos</Trans>} className="card stack">
        <dl className="data-list">
          <Row label={t`Comprador`}>
            {[customer.firstName, customer.secondName, customer.firstLastName, customer.secondLastName]
              .filter(Boolean)
              .join(' ')}{' '}
            · {documentName} {customer.numberID}
          </Row>
          <Row label={t`Contacto`}>
            {customer.email} · {customer.countryCode} {customer.phoneNumber}
          </Row>
          <Row label={t`Envío a`}>
            {[address.address, address.residenceDetail, address.city, address.state].filter(Boolean).join(', ')}
          </Row>
          <Row label={t`Medio de pago`}>{form.paymentMethod && i18n._(PAYMENT_METHOD_LABELS[form.paymentMethod])}</Row>
          {form.prescription && <Row label={t`Fórmula médica`}>{form.prescription.fileName}</Row>}
        </dl>
        <p className="checkout__edit-links">
          <button type="button" className="link-button" onClick={() => onEdit(2)}>
            <Trans>Editar datos</Trans>
          </button>
          <button type="button" className="link-button" onClick={() => onEdit(3)}>
            <Trans>Cambiar medio de pago</Trans>
          </button>
        </p>
      </TitledSection>

      <section className="card stack" aria-labelledby="summary-title" aria-busy={quote.isFetching}>
        <h2 id="summary-title">
          <Trans>Resumen del pedido</Trans>
        </h2>
        {quote.isPending && (
          <p className="muted" role="status">
            <Trans>Calculando el total…</Trans>
          </p>
        )}
        {quote.isError && (
          <div className="notice notice--error" role="alert">
            <p>{errorMessage(quote.error)}</p>
            {form.promoCode && (
              <button type="button" className="button button--secondary" onClick={removeCode}>
                <Trans>Quitar código promocional</Trans>
              </button>
            )}
            {request.discountPoints > 0 && (
              <button type="button" className="button button--secondary" onClick={() => onDiscountPoints(0)}>
                <Trans>Quitar puntos</Trans>
              </button>
            )}
            {!form.promoCode && request.discountPoints === 0 && (
              <button type="button" className="button button--secondary" onClick={() => void quote.refetch()}>
                <Trans>Reintentar</Trans>
              </button>
            )}
          </div>
        )}
        {data && (
          <>
            <ul className="plain-list summary__lines">
              {data.lines.map((line) => (
                <li key={line.productId} className="summary__line">
                  <span>
                    {line.quantity} × {line.name}
                  </span>
                  <span>{money(line.lineTotal)}</span>
                </li>
              ))}
              {data.pointLines.map((line) => (
                <li key={`points-${line.productId}`} className="summary__line">
                  <span>
                    {line.quantity} × {line.name}
                  </span>
                  <span>{formatPoints(line.totalPoints, country)}</span>
                </li>
              ))}
            </ul>
            <dl className="summary">
              <Row label={t`Artículos`} testId="summary-articles">
                {data.articleCount}
              </Row>
              <Row label={t`Subtotal`} testId="summary-subtotal">
                {money(data.subtotal)}
              </Row>
              {data.doctorDiscount > 0 && (
                <Row label={t`Descuento médico`} testId="summary-doctor-discount">
                  −{money(data.doctorDiscount)}
                </Row>
              )}
              {data.coupon && (
                <Row label={t`Código promocional ${data.coupon.code}`} testId="summary-promo">
                  −{money(data.promoDiscount)}
                </Row>
              )}
              {data.pointsDiscount > 0 && (
                <Row label={t`Descuento con puntos`} testId="summary-points-discount">
                  −{money(data.pointsDiscount)}
                </Row>
              )}
              <Row label={t`Envío`} testId="summary-shipping">
                {data.shippingCost === 0 ? t`Gratis` : money(data.shippingCost)}
              </Row>
              {data.productPoints > 0 && (
                <Row label={t`Puntos a canjear`} testId="summary-points">
                  {formatPoints(data.productPoints, country)}
                </Row>
              )}
              <Row label={<strong>{t`Total`}</strong>} testId="summary-total">
                <strong>{money(data.total)}</strong>
              </Row>
            </dl>
            {data.requiresPrescription && (
              <p className="muted">
                <Trans>
                  Pedido con hormonas: el envío corre por tu cuenta y se despacha cuando validemos tu fórmula.
                </Trans>
              </p>
            )}
          </>
        )}

        <form className="promo-code" onSubmit={(event) => void applyCode(event)} noValidate>
          <label htmlFor="promo-code" className="field__label">
            <Trans>Código promocional</Trans>
          </label>
          <div className="promo-code__row">
            <input
              id="promo-code"
              className="input"
              value={code}
              autoComplete="off"
              aria-invalid={Boolean(codeError)}
              aria-describedby={codeError ? 'promo-code-error' : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            {form.promoCode ? (
              <button type="button" className="button button--secondary" onClick={removeCode}>
                <Trans>Quitar</Trans>
              </button>
            ) : (
              <button type="submit" className="button button--secondary" disabled={applying}>
                <Trans>Aplicar</Trans>
              </button>
            )}
          </div>
          {codeError && (
            <p id="promo-code-error" className="field__error" role="alert">
              {codeError}
            </p>
          )}
        </form>

        {pointsOwner !== null && (
          <PointsDiscount
            country={country}
            userId={pointsOwner}
            discountPoints={request.discountPoints}
            productPoints={data?.productPoints ?? 0}
            onChange={onDiscountPoints}
          />
        )}

        {payError && (
          <p className="notice notice--error" role="alert">
            {payError}
          </p>
        )}
        <div className="checkout__actions">
          <button type="button" className="button button--secondary" onClick={onBack}>
            <Trans>Volver</Trans>
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!data || quote.isFetching || paying}
            onClick={() => data && onPay(data)}
          >
            {paying ? t`Procesando…` : data ? t`Pagar ${money(data.total)}` : t`Pagar`}
          </button>
        </div>
      </section>
    </div>
  );
}
