import { useEffect, useReducer, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { ArrowLeftIcon, ArrowRightIcon, CameraIcon, CloseIcon, RotateIcon } from '../../../ui/icons.tsx';
import { uploadMessages } from '../messages.ts';
import { assemblePhotoPdf, loadPdfWriter, PhotosTooLargeError } from './assemble-pdf.ts';
import { encodeWithCanvas, type ImageEncoder } from './encode-page.ts';
import { photoPagesReducer, photoPdfName, type PhotoPage } from './photo-pages.ts';

const text = uploadMessages.photos;

/** Pages one application may have (a typical one has 4–12). */
export const MAX_PHOTO_PAGES = 30;
const THUMBNAIL = { maxSide: 360, quality: 0.7 };

interface PhotoCaptureProps {
  /** Queues the assembled PDF (the upload screen's outbox seam). Throws if it could not be stored. */
  onSubmit: (file: File) => Promise<unknown>;
  disabled?: boolean;
  /** Tests hand in an encoder; the browser's uses a canvas. */
  encode?: ImageEncoder;
}

/** One of a page's icon buttons, its label read aloud and shown on hover. */
function PhotoAction({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="icon-button photo-action" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

function isImage(file: File): boolean {
  return file.type.startsWith('image/') || (file.type === '' && /\.(jpe?g|png|webp)$/i.test(file.name));
}

/**
 * 'Tomar fotos' (issue 11): the tablet's camera, one photo per page of a paper application; the
 * pages show as thumbnails to reorder, rotate and remove, then become one PDF on the device that
 * is queued like any picked PDF (offline too).
 */
export function PhotoCapture({ onSubmit, disabled, encode = encodeWithCanvas }: PhotoCaptureProps) {
  const [pages, dispatch] = useReducer(photoPagesReducer, []);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [adding, setAdding] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  const busy = progress !== null;

  // Thumbnails are object URLs: let them go with the screen.
  useEffect(() => () => pagesRef.current.forEach((p) => URL.revokeObjectURL(p.thumbnail)), []);

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const images = files.filter(isImage);
    if (images.length < files.length) toast.error(text.onlyImages);
    const room = MAX_PHOTO_PAGES - pagesRef.current.length;
    if (images.length > room) toast.error(text.tooManyPages(MAX_PHOTO_PAGES));
    setAdding(true);
    // Warm pdf-lib's chunk now, while the agent is still taking photos.
    void loadPdfWriter().catch(() => undefined);
    const added: PhotoPage[] = [];
    for (const file of images.slice(0, Math.max(0, room))) {
      try {
        const small = await encode(file, 0, THUMBNAIL);
        const thumbnail = URL.createObjectURL(new Blob([small.bytes as BlobPart], { type: 'image/jpeg' }));
        added.push({ id: crypto.randomUUID(), file, thumbnail, rotation: 0 });
      } catch {
        toast.error(text.unreadable(file.name));
      }
    }
    setAdding(false);
    if (added.length > 0) dispatch({ type: 'add', pages: added });
  }

  function remove(page: PhotoPage) {
    URL.revokeObjectURL(page.thumbnail);
    dispatch({ type: 'remove', id: page.id });
  }

  async function handleAssemble() {
    const name = photoPdfName();
    setProgress({ done: 0, total: pages.length });
    try {
      let bytes: Uint8Array;
      try {
        bytes = await assemblePhotoPdf(pages, name.replace(/\.pdf$/, ''), {
          encode,
          onProgress: (done, total) => setProgress({ done, total }),
        });
      } catch (err) {
        toast.error(err instanceof PhotosTooLargeError ? text.tooLarge : text.failed);
        return;
      }
      try {
        await onSubmit(new File([bytes as BlobPart], name, { type: 'application/pdf' }));
      } catch (err) {
        // The photos stay, so nothing is lost; the seam's message is Spanish (e.g. no room on the device).
        toast.error(err instanceof Error && err.message ? err.message : text.failed);
        return;
      }
      pages.forEach((p) => URL.revokeObjectURL(p.thumbnail));
      dispatch({ type: 'clear' });
      toast.success(text.queued(name));
    } finally {
      setProgress(null);
    }
  }

  const locked = disabled || busy || adding;
  return (
    <section className="card photo-capture" aria-labelledby="photos-title">
      <h2 id="photos-title" className="card-title">
        {text.title}
      </h2>
      <p className="muted photo-intro">{text.intro}</p>
      <button type="button" className="btn btn-secondary camera-button" onClick={() => inputRef.current?.click()} disabled={locked}>
        <CameraIcon /> {pages.length === 0 ? text.take : text.takeMore}
      </button>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void handleChange(e)}
        data-testid="camera-input"
      />
      <p className="photo-count" aria-live="polite">
        {pages.length > 0 ? text.count(pages.length) : ''}
      </p>
      {pages.length > 0 ? (
        <>
          <ol className="photo-pages" aria-label={text.listLabel}>
            {pages.map((page, index) => {
              const n = index + 1;
              return (
                <li key={page.id} className="photo-page" data-rotation={page.rotation}>
                  <figure className="photo-figure">
                    <div className="photo-frame">
                      <img src={page.thumbnail} alt={text.page(n)} style={{ transform: `rotate(${page.rotation}deg)` }} />
                    </div>
                    <figcaption>{text.page(n)}</figcaption>
                  </figure>
                  <div className="photo-actions">
                    <PhotoAction label={text.moveBefore(n)} disabled={locked || index === 0} onClick={() => dispatch({ type: 'move', id: page.id, by: -1 })}>
                      <ArrowLeftIcon />
                    </PhotoAction>
                    <PhotoAction label={text.moveAfter(n)} disabled={locked || index === pages.length - 1} onClick={() => dispatch({ type: 'move', id: page.id, by: 1 })}>
                      <ArrowRightIcon />
                    </PhotoAction>
                    <PhotoAction label={text.rotate(n)} disabled={locked} onClick={() => dispatch({ type: 'rotate', id: page.id })}>
                      <RotateIcon />
                    </PhotoAction>
                    <PhotoAction label={text.remove(n)} disabled={locked} onClick={() => remove(page)}>
                      <CloseIcon />
                    </PhotoAction>
                  </div>
                </li>
              );
            })}
          </ol>
          <button type="button" className="btn btn-primary btn-block" onClick={() => void handleAssemble()} disabled={locked}>
            {progress ? text.assembling(progress.done, progress.total) : text.assemble}
          </button>
        </>
      ) : null}
    </section>
  );
}
