import { lazy, Suspense } from 'react';
import { useContactChannels } from '../../lib/contact';
import type { CountryCode } from '../../lib/shared/countries';

const ChatContactButton = lazy(async () => ({
  default: (await import('../../features/content/components/chat-contact-button')).ChatContactButton,
}));

/**
 * Product §1: a floating chat-contact button on every page. The number is the country's (issue #19: saved by an admin,
 * else the build's). Without one there is nothing to open, so nothing is shown (the footer and the services say how
 * else to reach us) and no code is downloaded.
 */
export function ChatButton({ country }: { country: CountryCode }) {
  const { chatNumber } = useContactChannels(country);
  if (!chatNumber) return null;
  return (
    <Suspense fallback={null}>
      <ChatContactButton country={country} chatNumber={chatNumber} />
    </Suspense>
  );
}
