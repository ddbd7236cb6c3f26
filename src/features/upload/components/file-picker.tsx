import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { uploadMessages } from '../messages.ts';
import { UploadIcon } from '../../../ui/icons.tsx';

/** The .pdf picker with multiple selection (spec §2); also accepts files dropped on it. */
export function FilePicker({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Reset so picking the same file again fires a change (spec §5: the input is reset).
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  }

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <label
      className={`file-picker${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
    >
      <UploadIcon width={32} height={32} />
      <span className="file-picker-title">{uploadMessages.pickLabel}</span>
      <span className="file-picker-hint">{uploadMessages.pickHint}</span>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept=".pdf,application/pdf"
        multiple
        disabled={disabled}
        onChange={handleChange}
        data-testid="file-input"
      />
    </label>
  );
}
