/** A spinning ring; `label` is read by screen readers (role status), none means decorative. */
export function Spinner({ label, size = 20 }: { label?: string; size?: number }) {
  return (
    <span className="spinner-wrap" role={label ? 'status' : undefined}>
      <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}

/** A centred spinner with its text visible ('cargando...', 'Cargando datos...'). */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="full-page-center" role="status">
      <Spinner size={40} />
      <p className="muted">{label}</p>
    </div>
  );
}
