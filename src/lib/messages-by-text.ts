import type { MessageDescriptor } from '@lingui/core';

/**
 * The Spanish messages of a shared schema (or of the server's refusals) through a feature's catalogue, looked up by
 * their text: the schema and the server say them in Spanish, the form shows them in the visitor's language. A message
 * without an entry is shown as the schema says it. Each feature keeps its own table, so its entries stay in the
 * catalogue its routes load.
 */
export function messagesByText(table: Readonly<Record<string, MessageDescriptor>>) {
  return (message: string): MessageDescriptor => table[message] ?? { id: message, message };
}
