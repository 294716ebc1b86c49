/**
 * After a rejected submit, moves the focus to the first control marked invalid once the messages have rendered
 * (the next frame). If the user has already moved on by then — clicked or started typing in another field — the
 * focus stays where they put it: stealing it would send their keystrokes into the wrong field. Focus that nobody put
 * anywhere (the page's body: the submit button was disabled while sending, or re-rendered) is not the user's choice,
 * so it still moves. The invalid marks must be in the page by that frame: a caller that marks them after an `await`
 * (a server's refusal) renders them with `flushSync`, since a frame can come before React's own render of an update
 * made outside an event (a loaded test machine showed it: the focus stayed where it was).
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const focusedAtSubmit = document.activeElement;
  requestAnimationFrame(() => {
    const focused = document.activeElement;
    if (focused !== focusedAtSubmit && focused !== null && focused !== document.body) return;
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
