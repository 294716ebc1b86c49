import { Trans } from '@lingui/react/macro';

/** Explains the asterisk that marks prices with VAT included. */
export function VatNote() {
  return (
    <p className="catalog__vat-note">
      <Trans>Los productos marcados con asterisco (*) incluyen IVA.</Trans>
    </p>
  );
}
