import { lazy, Suspense } from 'react';
import { useContactChannels } from '../../lib/contact';
import type { CountryCode } from '../../lib/shared/countries';
import { useIdleAfterFirstPaint } from '../../lib/use-idle-after-first-paint';

const ChatContactButton = lazy(async () => ({
  default: (await import('../../features/content/components/chat-contact-button')).ChatContactButton,
}));

/**
 * Product §1: a floating chat-contact button on every page. The number is the country's (issue #19: saved by an admin,
 * else the build's). Without one there is nothing to open, so nothing is shown (the footer and the services say how
 * else to reach us) and no code is downloaded. It floats over the page, so it can come once the page is painted and
 * idle, after what the screen shows first.
 */
export function ChatButton({ country }: { country: CountryCode }) {
  const { chatNumber } = useContactChannels(country);
  const idle = useIdleAfterFirstPaint();
  if (!chatNumber || !idle) return null;
  return (
    <Suspense fallback={null}>
      <ChatContactButton country={country} chatNumber={chatNumber} />
    </Suspense>
  );
}
