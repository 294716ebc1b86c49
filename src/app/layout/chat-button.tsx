import { lazy, Suspense } from 'react';
import { env } from '../../lib/env';
import type { CountryCode } from '../../lib/shared/countries';

const ChatContactButton = lazy(async () => ({
  default: (await import('../../features/content/components/chat-contact-button')).ChatContactButton,
}));

/**
 * Spec §1: a floating chat-contact button on every page. Without a configured number there is nothing to open, so
 * nothing is shown (the footer and the services say how else to reach us) and no code is downloaded.
 */
export function ChatButton({ country }: { country: CountryCode }) {
  if (!env.chatNumber) return null;
  return (
    <Suspense fallback={null}>
      <ChatContactButton country={country} />
    </Suspense>
  );
}
