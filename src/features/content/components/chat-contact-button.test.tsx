import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ChatContactButton } from './chat-contact-button';

const env = vi.hoisted(() => ({ chatNumber: '573001112233' as string | undefined }));
vi.mock('../../../lib/env', () => ({ env }));

function renderButton(country: 'co' | 'mx' | 'pe') {
  return render(
    <I18nProvider i18n={i18n}>
      <ChatContactButton country={country} />
    </I18nProvider>,
  );
}

describe('ChatContactButton', () => {
  it('opens the chat service with the configured number and a welcome message naming the country', () => {
    env.chatNumber = '573001112233';
    renderButton('pe');
    const link = screen.getByRole('link', { name: /Escríbenos por chat/ });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/573001112233');
    expect(url.searchParams.get('text')).toBe(
      '¡Hola! Les escribo desde el Dispensario Funcional de Perú y quisiera hablar con un asesor.',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders nothing when no chat number is configured', () => {
    env.chatNumber = undefined;
    const { container } = renderButton('co');
    expect(container.innerHTML).toBe('');
  });
});
