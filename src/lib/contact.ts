import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from './env';
import { gatewayClient } from './http';
import { chatUrl, type ContactSettingsDto } from './shared/contact';
import type { CountryCode } from './shared/countries';

/** An admin's change shows on the next visit; within one, the channels do not change under the reader. */
const CONTACT_STALE_MS = 10 * 60_000;

/** Issue #19: the country's contact channels, read from the server (public) and kept on the device for offline use. */
export const contactQueries = {
  settings: (country: CountryCode) =>
    queryOptions({
      queryKey: ['contact-settings', country] as const,
      queryFn: ({ signal }) =>
        gatewayClient.request<ContactSettingsDto>(`/contact-settings/${country}`, { country, signal }),
      staleTime: CONTACT_STALE_MS,
    }),
};

interface ContactChannels {
  phone: string | undefined;
  chatNumber: string | undefined;
}

/**
 * The phone line and chat number of the country: what was saved for it (by an admin or the demo seed; an emptied
 * channel stays off), else the build's `VITE_CONTACT_PHONE` and `VITE_CHAT_NUMBER` (a country never saved, a server
 * not answering yet, a first visit offline).
 */
export function useContactChannels(country: CountryCode): ContactChannels {
  const { data } = useQuery(contactQueries.settings(country));
  if (!data?.updatedAt) return { phone: env.contactPhone, chatNumber: env.chatNumber };
  return { phone: data.phone ?? undefined, chatNumber: data.chatNumber ?? undefined };
}

/** A link that opens the country's chat with `message` prefilled, or undefined when the country has no chat. */
export function useChatLink(country: CountryCode, message: string): string | undefined {
  const { chatNumber } = useContactChannels(country);
  return chatNumber ? chatUrl(chatNumber, message) : undefined;
}
