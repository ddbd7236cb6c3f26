import { uploadMessages } from '../messages.ts';
import { CloseIcon, DocumentIcon } from '../../../ui/icons.tsx';
import { formatMegabytes } from '../../../lib/format-number.ts';

interface SelectedFilesProps {
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
}

/** The counter 'n/3 archivos seleccionados' and the list with name, size in MB and remove. */
export function SelectedFiles({ files, onRemove, disabled }: SelectedFilesProps) {
  return (
    <div className="selected-files">
      <p className="selected-counter" aria-live="polite">
        {uploadMessages.counter(files.length)}
      </p>
      {files.length > 0 ? (
        <ul className="file-list" aria-label={uploadMessages.counter(files.length)}>
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className="file-item">
              <DocumentIcon className="file-item-icon" />
              <span className="file-item-name" title={file.name}>
                {file.name}
              </span>
              <span className="file-item-size">{formatMegabytes(file.size)}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={uploadMessages.remove(file.name)}
                onClick={() => onRemove(index)}
                disabled={disabled}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
