import userEvent from '@testing-library/user-event';

/**
 * Puts `text` into a field as a paste does: a click into it, then the whole text in one input event, after what the
 * field already holds. For fields whose code reads the value, not each key: `userEvent.type` sends five events a
 * character, each one re-rendering the page, and typing the forms was a large share of the web tests' processor time.
 * Where a field reacts to each key (a search as you type, a mask), the test keeps typing.
 */
export async function fill(field: HTMLElement, text: string): Promise<void> {
  await userEvent.click(field);
  await userEvent.paste(text);
}
