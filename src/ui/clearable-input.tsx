import type { HTMLAttributes } from 'react';
import { CloseIcon } from './icons.tsx';

interface ClearableInputProps {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  /** Accessible name and placeholder. */
  label: string;
  clearLabel: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  className?: string;
}

/** A text box with a clear button that shows only while the box has text. */
export function ClearableInput({ value, onChange, onClear, label, clearLabel, inputMode, className }: ClearableInputProps) {
  return (
    <div className={className ? `search-field ${className}` : 'search-field'}>
      <input
        type="text"
        inputMode={inputMode}
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {value ? (
        <button type="button" className="icon-button clear-button" aria-label={clearLabel} onClick={onClear}>
          <CloseIcon width={16} height={16} />
        </button>
      ) : null}
    </div>
  );
}
