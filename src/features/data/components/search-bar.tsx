import { useEffect, useState, type FormEvent } from 'react';
import { dataMessages } from '../messages.ts';
import { ClearableInput } from '../../../ui/clearable-input.tsx';
import { SearchIcon } from '../../../ui/icons.tsx';

interface SearchBarProps {
  nosolicitud: string;
  search: string;
  /** Applies both boxes at once (Enter or the search button). */
  onApply: (values: { nosolicitud: string; search: string }) => void;
}

/** The two search boxes of spec §2, each with a clear button; Enter or 'Buscar' applies both. */
export function SearchBar({ nosolicitud, search, onApply }: SearchBarProps) {
  const [request, setRequest] = useState(nosolicitud);
  const [text, setText] = useState(search);

  // Follow the URL when it changes from elsewhere (back button, a link from a document).
  useEffect(() => setRequest(nosolicitud), [nosolicitud]);
  useEffect(() => setText(search), [search]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ nosolicitud: request, search: text });
  }

  return (
    <form className="toolbar data-search" role="search" onSubmit={handleSubmit}>
      <ClearableInput
        value={request}
        onChange={setRequest}
        inputMode="numeric"
        label={dataMessages.requestPlaceholder}
        clearLabel={dataMessages.clearRequest}
        onClear={() => {
          setRequest('');
          onApply({ nosolicitud: '', search: text });
        }}
      />
      <ClearableInput
        value={text}
        onChange={setText}
        className="search-field-grow"
        label={dataMessages.searchPlaceholder}
        clearLabel={dataMessages.clearSearch}
        onClear={() => {
          setText('');
          onApply({ nosolicitud: request, search: '' });
        }}
      />
      <button type="submit" className="btn btn-primary">
        <SearchIcon /> {dataMessages.searchButton}
      </button>
    </form>
  );
}
