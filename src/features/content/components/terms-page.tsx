import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useMemo } from 'react';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { loadLegalDocument } from '../legal';
import { parseMarkdown } from '../markdown';
import { useDocument } from '../use-document';
import { RichText } from './rich-text';

/** The legal text exists in Spanish only, the language of each country's law: marked so, whatever the interface speaks. */
function LegalText({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const source = useDocument(`legal:${country}`, () => loadLegalDocument(country));
  const blocks = useMemo(() => parseMarkdown(source, country), [source, country]);
  const sections = blocks.flatMap((block) => (block.kind === 'heading' && block.level === 2 ? [block] : []));
  return (
    <>
      <nav className="toc" aria-label={t`Contenido`} lang="es">
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.text}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose" lang="es">
        <RichText blocks={blocks} />
      </div>
    </>
  );
}

/** Product §2: terms (`/{c}/terminos-y-condiciones/home`), with the country's health-data privacy policy and consent. */
export function TermsPage() {
  const { i18n } = useLingui();
  const country = useCountry();
  const countryName = COUNTRIES[country].name;
  return (
    <article className="page prose-page" aria-labelledby="terms-title">
      <header className="page__header">
        <h1 id="terms-title">
          <Trans>Términos y condiciones y política de privacidad</Trans>
        </h1>
        <p className="page__lead">
          <Trans>
            Versión para {countryName}. Incluye cómo tratamos tus datos de salud y la autorización que te pedimos según
            la ley de protección de datos del país.
          </Trans>
        </p>
        <p className="muted">
          <Trans>Última actualización: 1 de noviembre de 2026.</Trans>
        </p>
        {i18n.locale === 'en' && (
          <p className="notice">
            <Trans>El texto legal está en español, el idioma de la ley del país.</Trans>
          </p>
        )}
      </header>
      <Suspense
        fallback={
          <p role="status" className="muted">
            <Trans>Cargando el documento…</Trans>
          </p>
        }
      >
        <LegalText country={country} />
      </Suspense>
    </article>
  );
}
