import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { PROFILE_PHOTO_MAX_BYTES, type ProfileDto } from '../../../lib/shared/accounts';
import type { CountryCode } from '../../../lib/shared/countries';
import { useUploadProfilePhoto } from '../api';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const BYTES_PER_MB = 1024 * 1024;

interface ProfilePhotoProps {
  country: CountryCode;
  profile: ProfileDto;
  onChanged: (url: string) => void;
}

/** The profile photo with a preview before uploading; the server checks the real type and resizes it. */
export function ProfilePhoto({ country, profile, onChanged }: ProfilePhotoProps) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadProfilePhoto(country);
  const [progress, setProgress] = useState(0);
  // A file refused before sending (type, size) or the server's refusal of the upload.
  const [refusal, setRefusal] = useState<string | null>(null);
  const failure = upload.error ? errorMessage(upload.error) : refusal;

  // The preview's object URL is released when it is replaced or the component goes away.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function choose(selected: File | undefined) {
    upload.reset();
    setRefusal(null);
    if (!selected) return;
    const maxMb = PROFILE_PHOTO_MAX_BYTES / BYTES_PER_MB;
    if (!ACCEPTED_TYPES.includes(selected.type)) {
      setRefusal(t`Elige una imagen JPG, PNG o WEBP.`);
      return;
    }
    if (selected.size > PROFILE_PHOTO_MAX_BYTES) {
      setRefusal(t`La imagen supera el tamaño máximo de ${maxMb} MB.`);
      return;
    }
    setFile(selected);
    setPreview(URL.createObjectURL(selected));
  }

  async function send() {
    if (!file) return;
    setProgress(0);
    // A failure is shown from `upload.error`; the chosen photo stays for a retry.
    const answer = await upload.mutateAsync({ file, onProgress: setProgress }).catch(() => null);
    if (!answer) return;
    onChanged(answer.profile_image_url);
    setFile(null);
    setPreview(null);
  }

  const shown = preview ?? profile.profile_image_url;
  return (
    <div className="profile-photo">
      {shown ? (
        <img src={shown} alt={t`Foto de perfil`} width={96} height={96} className="profile-photo__image" />
      ) : (
        <div className="profile-photo__image profile-photo__image--empty" aria-hidden="true" />
      )}
      <div className="profile-photo__actions">
        <label className="button button--secondary">
          {t`Elegir foto`}
          <input
            type="file"
            accept={ACCEPTED_TYPES.join(',')}
            className="visually-hidden"
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>
        {file && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void send()}
            disabled={upload.isPending}
          >
            <Trans>Guardar foto</Trans>
          </button>
        )}
        {upload.isPending && <progress max={1} value={progress} aria-label={t`Subiendo foto`} />}
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </div>
  );
}
