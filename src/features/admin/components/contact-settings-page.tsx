import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/http';
import { CONTACT_PHONE_MAX_LENGTH, type ContactSettingsDto } from '../../../lib/shared/contact';
import { contactSettingsInputSchema } from '../../../lib/shared/contact-schemas';
import { COUNTRIES } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { adminContactQueries, useSaveContactSettings } from '../api';
import { AdminPage } from './admin-page';
import { FirstLoadStatus } from './first-load-status';
import { SubmitButton } from './form-controls';
import { ErrorAlert, SuccessNotice } from './outcome-messages';

type ContactField = 'phone' | 'chatNumber';

/** Both channels are numbers dialled or typed on a phone keypad. */
const PHONE_INPUT = { type: 'tel', inputMode: 'tel', maxLength: CONTACT_PHONE_MAX_LENGTH } as const;

/** Admin `contacto` (issue #19): each country's phone line and chat number, which the store shows to everyone. */
export function ContactSettingsPage() {
  const { t } = useLingui();
  const country = useCountry();
  const query = useQuery(adminContactQueries.all(country));
  return (
    <AdminPage
      title={<Trans>Canales de contacto</Trans>}
      intro={
        <Trans>
          La línea de atención se muestra en el pie de página y el número del chat abre el botón flotante, el diálogo de
          registro sin invitación y las solicitudes de productos personalizados. Sin chat, esas solicitudes llegan a
          Solicitudes de atención.
        </Trans>
      }
    >
      <FirstLoadStatus query={query} loading={t`Cargando…`} />
      {query.data?.data.map((settings) => (
        <ContactForm key={settings.country} settings={settings} />
      ))}
    </AdminPage>
  );
}

function ContactForm({ settings }: { settings: ContactSettingsDto }) {
  const { t } = useLingui();
  const session = useCountry();
  const saving = useSaveContactSettings(session);
  const countryName = COUNTRIES[settings.country].name;
  const [phone, setPhone] = useState(settings.phone ?? '');
  const [chatNumber, setChatNumber] = useState(settings.chatNumber ?? '');
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const failure = saving.error ? errorMessage(saving.error) : null;
  // The shared schema's Spanish messages, through the catalogue (the same words: the schema test pins them).
  const fieldMessages: Record<ContactField, string> = {
    phone: t`Escribe un teléfono válido: de 7 a 15 dígitos, con espacios y los signos + ( ) - si quieres.`,
    chatNumber: t`Escribe el número del chat con el indicativo del país: de 8 a 15 dígitos.`,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    saving.reset();
    setNotice(null);
    const parsed = contactSettingsInputSchema.safeParse({ phone, chatNumber });
    if (!parsed.success) {
      const found: Partial<Record<ContactField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'phone' || field === 'chatNumber') found[field] ??= fieldMessages[field];
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // A failure is shown from `saving.error`.
    const saved = await saving.mutateAsync({ country: settings.country, input: parsed.data }).catch(() => null);
    if (!saved) return;
    setPhone(saved.phone ?? '');
    setChatNumber(saved.chatNumber ?? '');
    setNotice(t`Canales de contacto de ${countryName} guardados.`);
  }

  return (
    <form
      className="card stack"
      noValidate
      aria-label={t`Canales de contacto de ${countryName}`}
      onSubmit={(event) => void submit(event)}
    >
      <h2>{countryName}</h2>
      <div className="form-grid">
        <TextField
          label={t`Línea de atención`}
          {...PHONE_INPUT}
          value={phone}
          error={errors.phone}
          help={t`Como se marca, por ejemplo +57 601 555 0190. Vacía: el pie de página invita a escribir desde la cuenta.`}
          onValueChange={setPhone}
        />
        <TextField
          label={t`Número del chat`}
          {...PHONE_INPUT}
          value={chatNumber}
          error={errors.chatNumber}
          help={t`Con el indicativo del país, por ejemplo 573015550190. Vacío: sin chat, las solicitudes llegan por formulario.`}
          onValueChange={setChatNumber}
        />
      </div>
      <ErrorAlert message={failure} />
      <SuccessNotice message={notice} />
      <div className="form-actions">
        <SubmitButton pending={saving.isPending}>{t`Guardar`}</SubmitButton>
      </div>
    </form>
  );
}
