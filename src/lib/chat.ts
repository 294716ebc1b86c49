import { env } from './env';

/** A link that opens the chat-contact service with a prefilled message, or undefined when none is configured. */
export function chatLink(message: string): string | undefined {
  return env.chatNumber ? `https://wa.me/${env.chatNumber}?text=${encodeURIComponent(message)}` : undefined;
}
