import { Trans } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { languageChoiceAtom, parseLanguageChoice, type LanguageChoice } from '../../lib/language';

/** Each language by its own name, in every catalogue: the reader of the other language must recognise their own. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- endonyms: never translated, whatever the active catalogue
const LANGUAGE_NAMES: Record<LanguageChoice, string> = { es: 'Español', en: 'English' };

/**
 * Issue #19: 'Español / English', remembered on the device. A native select: accessible and keyboard-friendly on
 * every phone without a menu library. The label names itself in both languages, so a visitor who reads only the other
 * one finds it; each option is written in its own language (and marked so for screen readers).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const [choice, setChoice] = useAtom(languageChoiceAtom);
  const id = useId();
  return (
    <div className={className ? `language-switch ${className}` : 'language-switch'}>
      <label htmlFor={id}>
        <Trans>Idioma (Language)</Trans>
      </label>
      <select
        id={id}
        value={choice}
        data-testid="language-switch"
        onChange={(event) => {
          const next = parseLanguageChoice(event.target.value);
          if (next) setChoice(next);
        }}
      >
        {(['es', 'en'] as const).map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
