import { useState } from 'react';
import { toast } from 'react-toastify';
import { useSWRConfig } from 'swr';
import { uploadMessages } from '../messages.ts';
import { useSubmitFiles } from '../api/submit-files.ts';
import { OutboxPanel } from '../outbox/outbox-panel.tsx';
import { PhotoCapture } from '../photos/photo-capture.tsx';
import { addFiles, processError } from '../validation.ts';
import { FilePicker } from './file-picker.tsx';
import { InstructionsCard } from './instructions-card.tsx';
import { RecentUploads } from './recent-uploads.tsx';
import { SelectedFiles } from './selected-files.tsx';
import '../upload.css';

function UploadFailure({ reason }: { reason: string | undefined }) {
  return (
    <div>
      <strong>{uploadMessages.uploadFailed}</strong>
      {reason ? <div>{reason}</div> : null}
    </div>
  );
}

/** 'Subir Documentos' (spec §2/§4/§5). Sending goes through `useSubmitFiles`, the outbox seam. */
export function UploadScreen() {
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const { submit } = useSubmitFiles();
  const { mutate } = useSWRConfig();

  function handleFiles(incoming: File[]) {
    const result = addFiles(files, incoming);
    for (const message of result.errors) toast.error(message);
    setFiles(result.files);
  }

  async function handleProcess() {
    const invalid = processError(files);
    if (invalid) {
      toast.error(invalid);
      return;
    }
    setBusy(true);
    try {
      await submit(files);
      setFiles([]);
    } catch (err) {
      // The selection stays so the user can retry (spec §4).
      toast.error(<UploadFailure reason={err instanceof Error ? err.message : undefined} />);
    } finally {
      setBusy(false);
      void mutate((key) => Array.isArray(key) && key[0] === 'documents');
    }
  }

  async function handlePhotos(file: File) {
    try {
      await submit([file]);
    } finally {
      void mutate((key) => Array.isArray(key) && key[0] === 'documents');
    }
  }

  // The connection banner (offline, slow, files waiting) is the layout's: one banner at a time.
  return (
    <div className="page">
      <h1 className="page-title">{uploadMessages.title}</h1>
      <div className="upload-grid">
        <div className="upload-main">
          <section className="card" aria-label={uploadMessages.title}>
            <FilePicker onFiles={handleFiles} disabled={busy} />
            <SelectedFiles files={files} onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))} disabled={busy} />
            <button type="button" className="btn btn-primary btn-block" onClick={handleProcess} disabled={busy}>
              {busy ? uploadMessages.processing : uploadMessages.process}
            </button>
          </section>
          <PhotoCapture onSubmit={handlePhotos} />
          <OutboxPanel />
          <RecentUploads />
        </div>
        <InstructionsCard />
      </div>
    </div>
  );
}
