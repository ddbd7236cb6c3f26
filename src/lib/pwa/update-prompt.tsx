import { useState } from 'react';
import { toast } from 'react-toastify';
import { isBusy } from './update-gate.ts';

export const UPDATE_TEXT = {
  available: 'Nueva versión disponible',
  update: 'Actualizar',
  afterUpload: 'Se actualizará al terminar el envío de archivos',
} as const;

function UpdatePrompt({ apply }: { apply: () => Promise<void> }) {
  const [waiting, setWaiting] = useState(false);
  return (
    <div className="update-prompt" role="status">
      <span>{UPDATE_TEXT.available}</span>{' '}
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={waiting}
        onClick={() => {
          setWaiting(isBusy());
          void apply();
        }}
      >
        {UPDATE_TEXT.update}
      </button>
      {waiting ? <div>{UPDATE_TEXT.afterUpload}</div> : null}
    </div>
  );
}

/** Shows the update toast once; it stays until the user acts (a version switch is their call). */
export function showUpdatePrompt(apply: () => Promise<void>): void {
  toast.info(<UpdatePrompt apply={apply} />, { toastId: 'sw-update', autoClose: false, closeOnClick: false });
}
