import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstInvalid } from './focus-first-invalid';

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

function renderForm(): {
  form: HTMLFormElement;
  name: HTMLInputElement;
  email: HTMLInputElement;
  send: HTMLButtonElement;
} {
  document.body.innerHTML = `
    <form>
      <input name="name" />
      <input name="email" aria-invalid="true" />
      <button type="submit">send</button>
    </form>`;
  const form = document.querySelector('form') as HTMLFormElement;
  return {
    form,
    name: form.querySelector('[name="name"]') as HTMLInputElement,
    email: form.querySelector('[name="email"]') as HTMLInputElement,
    send: form.querySelector('button') as HTMLButtonElement,
  };
}

describe('focusFirstInvalid', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('focuses the first invalid control on the next frame', async () => {
    const { form, email, send } = renderForm();
    send.focus();
    focusFirstInvalid(form);
    expect(document.activeElement).toBe(send);
    await nextFrame();
    expect(document.activeElement).toBe(email);
  });

  it('leaves the focus where the user moved it before the frame', async () => {
    const { form, name, send } = renderForm();
    send.focus();
    focusFirstInvalid(form);
    name.focus();
    await nextFrame();
    expect(document.activeElement).toBe(name);
  });

  it('still moves a focus that was lost to the page before the frame (the button disabled or re-rendered)', async () => {
    const { form, email, send } = renderForm();
    send.focus();
    focusFirstInvalid(form);
    send.blur();
    expect(document.activeElement).toBe(document.body);
    await nextFrame();
    expect(document.activeElement).toBe(email);
  });
});
