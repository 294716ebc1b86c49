import { expect, type Locator, type Page } from '@playwright/test';

/** More stops than any page of the store has before its last control: a Tab walk that passes it has missed it. */
const MAX_TAB_STOPS = 150;

/**
 * Runs in the page: what draws the focus on `element` (its outline or its shadow, or those of the label that wraps
 * a visually hidden checkbox or radio), or an empty string when nothing does.
 */
function focusIndicator(element: Element): string {
  const drawn = (target: Element) => {
    const style = getComputedStyle(target);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return `outline ${style.outlineWidth}`;
    if (style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
    return '';
  };
  const own = drawn(element);
  if (own) return own;
  const label = element instanceof HTMLInputElement ? element.closest('label') : null;
  return label ? drawn(label) : '';
}

/**
 * A person who uses the store with the keyboard only: Tab and Shift+Tab to move, Enter, Space, Escape and the arrow
 * keys to act, typing into fields. No click, no `fill`, no `focus()`: a control the Tab order cannot reach fails.
 */
export class KeyboardUser {
  constructor(readonly page: Page) {}

  /**
   * Presses Tab (or Shift+Tab) until `target` holds the focus, then checks that the focus is drawn on it. Fails
   * when the walk passes every stop of the page without reaching it.
   */
  async tabTo(target: Locator, { backwards = false }: { backwards?: boolean } = {}) {
    const key = backwards ? 'Shift+Tab' : 'Tab';
    // What a screen loads (its list, its next step) must be there before the walk, or the walk would pass its place.
    await expect(target).toBeVisible();
    for (let stop = 0; stop < MAX_TAB_STOPS; stop += 1) {
      await this.page.keyboard.press(key);
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) break;
    }
    await this.expectVisibleFocus(target);
  }

  /** `target` holds the focus and something draws it (outline or shadow not `none`). */
  async expectVisibleFocus(target: Locator) {
    await expect(target).toBeFocused();
    await expect.poll(() => target.evaluate(focusIndicator), { message: 'el foco se ve' }).not.toBe('');
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  /** Replaces what the focused field holds with `text`, as a person does: select all, then type. */
  async typeOver(text: string) {
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.type(text);
  }
}
