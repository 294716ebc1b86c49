/**
 * After a rejected submit, moves the focus to the first control marked invalid once the messages have rendered
 * (the next frame). If the user has already moved on by then — clicked or started typing in another field — the
 * focus stays where they put it: stealing it would send their keystrokes into the wrong field.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const focusedAtSubmit = document.activeElement;
  requestAnimationFrame(() => {
    if (document.activeElement !== focusedAtSubmit) return;
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
