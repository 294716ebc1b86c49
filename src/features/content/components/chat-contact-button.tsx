import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { chatUrl } from '../../../lib/shared/contact';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';

/** Where the person is when they open the chat, as the welcome message names it. */
export type ChatPlace =
  | { kind: 'product'; name: string }
  | { kind: 'page'; name: string }
  /** The account and admin areas, or a page without a heading yet: their headings may name a patient. */
  | { kind: 'none' };

/** What the page is: a product of the catalogue, a public page by its heading, or nothing to name. */
export function chatPlace(pathname: string, heading: string | undefined): ChatPlace {
  const [, , section, detail] = pathname.split('/');
  if (!heading || section === 'mi-cuenta' || section === 'admin') return { kind: 'none' };
  if (section === 'herramientas' && detail) return { kind: 'product', name: heading };
  return { kind: 'page', name: heading };
}

/** The page's main heading, followed as lazy routes draw it and products load their name. */
function useMainHeading(): string | undefined {
  const [heading, setHeading] = useState<string | undefined>(undefined);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    // What the heading says, not its decorations hidden from assistive technology (a price's VAT asterisk).
    const update = () => {
      const h1 = main.querySelector('h1')?.cloneNode(true);
      if (!(h1 instanceof Element)) return setHeading(undefined);
      h1.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      setHeading(h1.textContent?.trim() || undefined);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return heading;
}

/**
 * The welcome message the chat opens with: the country's store, and the product or page the person was looking at,
 * so the advisor does not have to ask.
 */
export function useChatWelcomeMessage(country: CountryCode): string {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const place = chatPlace(pathname, useMainHeading());
  const countryName = COUNTRIES[country].name;
  if (place.kind === 'product') {
    const product = place.name;
    return t`¡Hola! Les escribo desde el Dispensario Funcional de ${countryName} y quisiera hablar con un asesor sobre el producto ${product}.`;
  }
  if (place.kind === 'page') {
    const page = place.name;
    return t`¡Hola! Les escribo desde el Dispensario Funcional de ${countryName}, desde la página «${page}», y quisiera hablar con un asesor.`;
  }
  return t`¡Hola! Les escribo desde el Dispensario Funcional de ${countryName} y quisiera hablar con un asesor.`;
}

/** Floating, bottom right, above the page but below dialogs and toasts. */
export function ChatContactButton({ country, chatNumber }: { country: CountryCode; chatNumber: string }) {
  const { t } = useLingui();
  const link = chatUrl(chatNumber, useChatWelcomeMessage(country));
  return (
    <aside className="chat-contact" aria-label={t`Chat`}>
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className="chat-button"
        data-tour="chat"
        aria-label={t`Escríbenos por chat (se abre en una pestaña nueva)`}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path
            d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path d="M8 10.5h8M8 13.5h5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span className="chat-button__label">{t`Chat`}</span>
      </a>
    </aside>
  );
}
