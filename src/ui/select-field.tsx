export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/** A labelled drop-down whose label stays visible beside it (the screens' filters and sort). */
export function SelectField<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly SelectOption<T>[]; onChange: (value: T) => void }) {
  return (
    <label className="inline-field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
