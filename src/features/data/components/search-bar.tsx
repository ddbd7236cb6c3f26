import { useEffect, useState, type FormEvent } from 'react';
import { dataMessages } from '../../../shared/messages/web.ts';
import { CloseIcon, SearchIcon } from '../../../ui/icons.tsx';

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
      <div className="search-field">
        <input
          type="text"
          inputMode="numeric"
          aria-label={dataMessages.requestPlaceholder}
          placeholder={dataMessages.requestPlaceholder}
          value={request}
          onChange={(e) => setRequest(e.target.value)}
        />
        {request ? (
          <button
            type="button"
            className="icon-button clear-button"
            aria-label={dataMessages.clearRequest}
            onClick={() => {
              setRequest('');
              onApply({ nosolicitud: '', search: text });
            }}
          >
            <CloseIcon width={16} height={16} />
          </button>
        ) : null}
      </div>
      <div className="search-field search-field-grow">
        <input
          type="text"
          aria-label={dataMessages.searchPlaceholder}
          placeholder={dataMessages.searchPlaceholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {text ? (
          <button
            type="button"
            className="icon-button clear-button"
            aria-label={dataMessages.clearSearch}
            onClick={() => {
              setText('');
              onApply({ nosolicitud: request, search: '' });
            }}
          >
            <CloseIcon width={16} height={16} />
          </button>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary">
        <SearchIcon /> {dataMessages.searchButton}
      </button>
    </form>
  );
}
