import { useLingui } from '@lingui/react/macro';
import { chatLink } from '../../../lib/chat';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';

/** The welcome message the chat opens with: it tells the agent which country's store the person is in. */
export function useChatWelcomeLink(country: CountryCode): string | undefined {
  const { t } = useLingui();
  const countryName = COUNTRIES[country].name;
  return chatLink(
    t`¡Hola! Les escribo desde el Dispensario Funcional de ${countryName} y quisiera hablar con un asesor.`,
  );
}

/** Floating, bottom right, above the page but below dialogs and toasts. */
export function ChatContactButton({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const link = useChatWelcomeLink(country);
  if (!link) return null;
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
